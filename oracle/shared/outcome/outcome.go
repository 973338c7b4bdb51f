// Package outcome writes the oracle's answers (docs/oracle-script.md "The answers").
package outcome

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
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

// Continue is a decoded continue token, as upstream encodes it (start relative to the prefix).
type Continue struct {
	RV    int64  `json:"rv"`
	Start string `json:"start"`
}

// Call is one storage call: when it began and when it returned (null: still running at the end).
type Call struct {
	Call   string `json:"call"`
	AtNs   int64  `json:"atNs"`
	DoneNs *int64 `json:"doneNs"`
}

// Request is one request's (or one pager page's) answer.
type Request struct {
	ID                string    `json:"id"`
	SentAtNs          int64     `json:"sentAtNs"`
	AnsweredAtNs      *int64    `json:"answeredAtNs"`
	Code              *int      `json:"code"`
	Message           string    `json:"message"`
	RetryAfterSeconds *int      `json:"retryAfterSeconds"`
	ListRV            *int64    `json:"listRV"`
	Count             *int      `json:"count"`
	KeysDigest        *string   `json:"keysDigest"`
	FirstKey          *string   `json:"firstKey"`
	LastKey           *string   `json:"lastKey"`
	Continue          *Continue `json:"continue"`
	StorageCalls      []Call    `json:"storageCalls"`
	Events            *int      `json:"events,omitempty"`
	LastRV            *int64    `json:"lastRV,omitempty"`
	EndedBy           string    `json:"endedBy,omitempty"`

	// ContinueToken is the token as the client got it, for the pager's next page.
	ContinueToken string `json:"-"`
}

// maxDigestKeys is the count above which no keys digest is written.
const maxDigestKeys = 5000

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

// SetKeys fills count, digest and the first and last key of an answer of n items whose i-th
// key is key(i); past maxDigestKeys items only the first and last keys are made.
func (r *Request) SetKeys(n int, key func(i int) string) {
	r.Count = &n
	if n <= maxDigestKeys {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = key(i)
		}
		d := KeysDigest(keys)
		r.KeysDigest = &d
	}
	if n > 0 {
		first, last := key(0), key(n-1)
		r.FirstKey, r.LastKey = &first, &last
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

// SetContinue keeps a continue token and its decoded form, as upstream encodes it
// (storage.EncodeContinue: base64 of JSON with the revision and the start key).
func (r *Request) SetContinue(token string) {
	r.ContinueToken = token
	var decoded struct {
		RV    int64  `json:"rv"`
		Start string `json:"start"`
	}
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || json.Unmarshal(data, &decoded) != nil {
		r.Continue = &Continue{Start: "undecodable: " + token}
		return
	}
	r.Continue = &Continue{RV: decoded.RV, Start: decoded.Start}
}
