// Package outcome writes the oracle's answers (docs/oracle-script.md "The answers").
package outcome

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Format is the outcome format this harness writes.
const Format = "wcl-oracle-outcome/1"

type Outcome struct {
	Format          string    `json:"format"`
	Script          string    `json:"script"`
	Side            string    `json:"side"`
	Requests        []Request `json:"requests"`
	BackgroundCalls []Call    `json:"backgroundCalls"`
	Metrics         string    `json:"metrics"`
}

// Continue is a decoded continue token.
type Continue struct {
	RV    int64  `json:"rv"`
	Start string `json:"start"`
}

type Request struct {
	ID                string    `json:"id"`
	Outcome           string    `json:"outcome"`
	Code              int       `json:"code"`
	Message           string    `json:"message"`
	RetryAfterSeconds *int      `json:"retryAfterSeconds"`
	ListRV            *int64    `json:"listRV"`
	Count             *int      `json:"count,omitempty"`
	KeysDigest        string    `json:"keysDigest,omitempty"`
	FirstKey          string    `json:"firstKey,omitempty"`
	LastKey           string    `json:"lastKey,omitempty"`
	Continue          *Continue `json:"continue"`
	Events            *int      `json:"events,omitempty"`
	LastRV            *int64    `json:"lastRV,omitempty"`
	EndedBy           string    `json:"endedBy,omitempty"`
	AnsweredAtNs      *int64    `json:"answeredAtNs"`
	StorageCalls      []string  `json:"storageCalls"`

	// ContinueToken is the token as the client got it, for the request that continues this one.
	ContinueToken string `json:"-"`
}

// KeysDigest is fnv1a64 (hex, 16 digits) of the keys joined by "\n".
func KeysDigest(keys []string) string {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, b := range []byte(strings.Join(keys, "\n")) {
		h ^= uint64(b)
		h *= prime
	}
	return fmt.Sprintf("%016x", h)
}

// SetKeys fills count, digest and the first and last key of an answer.
func (r *Request) SetKeys(keys []string) {
	n := len(keys)
	r.Count = &n
	r.KeysDigest = KeysDigest(keys)
	if n > 0 {
		r.FirstKey, r.LastKey = keys[0], keys[n-1]
	}
}

// Marshal is the outcome's canonical JSON (two runs compare byte for byte).
func (o *Outcome) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(o); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Write puts <script>.outcome.json in dir.
func (o *Outcome) Write(dir string) (string, error) {
	data, err := o.Marshal()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, o.Script+".outcome.json")
	return path, os.WriteFile(path, data, 0o644)
}

// Call is one storage call the cacher made on its own (its reflector's lists and watches,
// progress requests), at the virtual instant it began.
type Call struct {
	AtNs int64  `json:"atNs"`
	Call string `json:"call"`
}

// SetContinue keeps a continue token and its decoded form: the revision and the start key,
// made absolute under keyPrefix as the store reads it.
func (r *Request) SetContinue(token, keyPrefix string) {
	r.ContinueToken = token
	var decoded struct {
		RV    int64  `json:"rv"`
		Start string `json:"start"`
	}
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || json.Unmarshal(data, &decoded) != nil {
		r.Continue = &Continue{RV: 0, Start: "undecodable: " + token}
		return
	}
	r.Continue = &Continue{RV: decoded.RV, Start: keyPrefix + decoded.Start}
}
