// tlogcheck checks betproof's transparency log with Go's own packages, golang.org/x/mod/sumdb/note
// and golang.org/x/mod/sumdb/tlog (Debian's golang-golang-x-mod-dev), which betproof did not write.
//
// It reads one JSON object on stdin (see src/shared/log/go-interop.test.ts), and:
//   - opens the signed checkpoint with the verifier key (note.Open);
//   - rebuilds the tree from the entries with tlog.StoredHashes and compares tlog.TreeHash with
//     the checkpoint's root;
//   - checks each inclusion proof with tlog.CheckRecord and each consistency proof with
//     tlog.CheckTree;
//   - compares each tile's bytes and path with tlog.ReadTileData and Tile.Path (height 8; the
//     C2SP path is Go's without its height element).
//
// It prints "ok" and exits 0, or prints the first failure and exits 1.
//
// Run without the network: GO111MODULE=off GOPATH=/usr/share/gocode go run main.go
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type input struct {
	VerifierKey string   `json:"verifierKey"`
	Checkpoint  string   `json:"checkpoint"`
	Entries     []string `json:"entries"` // base64
	Inclusions  []struct {
		Index int64    `json:"index"`
		Proof []string `json:"proof"`
	} `json:"inclusions"`
	Consistencies []struct {
		OldSize int64    `json:"oldSize"`
		OldRoot string   `json:"oldRoot"`
		Proof   []string `json:"proof"`
	} `json:"consistencies"`
	Tiles []struct {
		Level int64  `json:"level"`
		N     int64  `json:"n"`
		Width int    `json:"width"`
		Path  string `json:"path"`
		Data  string `json:"data"` // base64
	} `json:"tiles"`
}

func fail(format string, args ...interface{}) {
	fmt.Printf(format+"\n", args...)
	os.Exit(1)
}

func hashes(list []string) []tlog.Hash {
	out := make([]tlog.Hash, len(list))
	for i, s := range list {
		h, err := tlog.ParseHash(s)
		if err != nil {
			fail("bad hash %q: %v", s, err)
		}
		out[i] = h
	}
	return out
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fail("bad input: %v", err)
	}
	verifier, err := note.NewVerifier(in.VerifierKey)
	if err != nil {
		fail("note.NewVerifier: %v", err)
	}
	n, err := note.Open([]byte(in.Checkpoint), note.VerifierList(verifier))
	if err != nil {
		fail("note.Open: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) != 4 || lines[3] != "" || lines[0] != verifier.Name() {
		fail("not a checkpoint of %s: %q", verifier.Name(), n.Text)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("bad size: %v", err)
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil {
		fail("bad root: %v", err)
	}

	// Rebuild the tree from the entries, with Go's code only.
	var stored []tlog.Hash
	reader := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, x := range indexes {
			out[i] = stored[x]
		}
		return out, nil
	})
	for i, e := range in.Entries {
		data, err := base64.StdEncoding.DecodeString(e)
		if err != nil {
			fail("bad entry: %v", err)
		}
		hs, err := tlog.StoredHashes(int64(i), data, reader)
		if err != nil {
			fail("StoredHashes: %v", err)
		}
		stored = append(stored, hs...)
	}
	if int64(len(in.Entries)) != size {
		fail("%d entries for a checkpoint of %d", len(in.Entries), size)
	}
	th, err := tlog.TreeHash(size, reader)
	if err != nil {
		fail("TreeHash: %v", err)
	}
	if th != root {
		fail("TreeHash %s != checkpoint root %s", th, root)
	}

	for _, inc := range in.Inclusions {
		data, _ := base64.StdEncoding.DecodeString(in.Entries[inc.Index])
		if err := tlog.CheckRecord(hashes(inc.Proof), size, root, inc.Index, tlog.RecordHash(data)); err != nil {
			fail("CheckRecord(%d): %v", inc.Index, err)
		}
	}
	for _, c := range in.Consistencies {
		old, err := tlog.ParseHash(c.OldRoot)
		if err != nil {
			fail("bad old root: %v", err)
		}
		if err := tlog.CheckTree(hashes(c.Proof), size, root, c.OldSize, old); err != nil {
			fail("CheckTree(%d -> %d): %v", c.OldSize, size, err)
		}
	}
	for _, t := range in.Tiles {
		tile := tlog.Tile{H: 8, L: int(t.Level), N: t.N, W: t.Width}
		want, err := tlog.ReadTileData(tile, reader)
		if err != nil {
			fail("ReadTileData: %v", err)
		}
		got, _ := base64.StdEncoding.DecodeString(t.Data)
		if !bytes.Equal(got, want) {
			fail("tile %s: bytes differ from Go's", tile.Path())
		}
		if goPath := strings.Replace(tile.Path(), "tile/8/", "tile/", 1); goPath != t.Path {
			fail("tile path %s, Go's (without height) %s", t.Path, goPath)
		}
	}
	fmt.Println("ok")
}
