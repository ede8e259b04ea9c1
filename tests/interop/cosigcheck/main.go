// cosigcheck opens a cosigned checkpoint with Go's golang.org/x/mod/sumdb/note: the log's
// signature with note.NewVerifier and the log's verifier key, each witness's cosignature/v1
// (C2SP tlog-cosignature) with a note.Verifier written here from the spec, since x/mod's note
// package knows only Ed25519 note keys (algorithm 0x01). Go's note.Open does the parsing, the
// key-ID matching and the check that every known key's signature verifies.
// Input (stdin, JSON): {"note": "...", "logKey": "<vkey>", "witnessKeys": ["<vkey>", ...]}.
// Prints the verified signers and the cosignatures' times as JSON; exits 1 when Open fails.
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
)

type cosigVerifier struct {
	name string
	hash uint32
	key  ed25519.PublicKey
	seen *int64
}

func (v cosigVerifier) Name() string    { return v.name }
func (v cosigVerifier) KeyHash() uint32 { return v.hash }
func (v cosigVerifier) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	t := binary.BigEndian.Uint64(sig[:8])
	signed := "cosignature/v1\ntime " + strconv.FormatUint(t, 10) + "\n" + string(msg)
	if !ed25519.Verify(v.key, []byte(signed), sig[8:]) {
		return false
	}
	*v.seen = int64(t)
	return true
}

func newCosigVerifier(vkey string) (cosigVerifier, error) {
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 {
		return cosigVerifier{}, fmt.Errorf("malformed witness key")
	}
	key, err := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || len(key) != 33 || key[0] != 0x04 {
		return cosigVerifier{}, fmt.Errorf("not a cosignature/v1 key")
	}
	h := sha256.Sum256(append([]byte(parts[0]+"\n"), key...))
	hash := binary.BigEndian.Uint32(h[:4])
	if fmt.Sprintf("%08x", hash) != parts[1] {
		return cosigVerifier{}, fmt.Errorf("key hash mismatch")
	}
	return cosigVerifier{name: parts[0], hash: hash, key: ed25519.PublicKey(key[1:]), seen: new(int64)}, nil
}

func main() {
	var in struct {
		Note        string   `json:"note"`
		LogKey      string   `json:"logKey"`
		WitnessKeys []string `json:"witnessKeys"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	logVerifier, err := note.NewVerifier(in.LogKey)
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	verifiers := []note.Verifier{logVerifier}
	var cosigners []cosigVerifier
	for _, k := range in.WitnessKeys {
		v, err := newCosigVerifier(k)
		if err != nil {
			fmt.Println(err)
			os.Exit(2)
		}
		cosigners = append(cosigners, v)
		verifiers = append(verifiers, v)
	}
	n, err := note.Open([]byte(in.Note), note.VerifierList(verifiers...))
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	out := struct {
		Text     string           `json:"text"`
		Verified []string         `json:"verified"`
		Times    map[string]int64 `json:"times"`
	}{Text: n.Text, Times: map[string]int64{}}
	for _, s := range n.Sigs {
		out.Verified = append(out.Verified, s.Name)
	}
	for _, c := range cosigners {
		if *c.seen != 0 {
			out.Times[c.name] = *c.seen
		}
	}
	b, _ := json.Marshal(out)
	fmt.Println(string(b))
}
