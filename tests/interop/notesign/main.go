// notesign makes a key pair and a signed note with Go's golang.org/x/mod/sumdb/note, so that
// betproof's note reader (src/shared/log/note.ts) is tested on notes and keys it did not write.
// Usage: notesign <key name> <text>; prints the signer key, the verifier key and the note as JSON.
package main

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"

	"golang.org/x/mod/sumdb/note"
)

func main() {
	skey, vkey, err := note.GenerateKey(rand.Reader, os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	signer, err := note.NewSigner(skey)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	msg, err := note.Sign(&note.Note{Text: os.Args[2]}, signer)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	out, _ := json.Marshal(map[string]string{"signerKey": skey, "verifierKey": vkey, "note": string(msg)})
	fmt.Println(string(out))
}
