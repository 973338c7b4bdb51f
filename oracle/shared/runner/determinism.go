package runner

import (
	"bytes"
	"fmt"
)

// FirstDifference describes where two runs' outcomes first differ, or returns "" if they are
// identical byte for byte.
func FirstDifference(first, second []byte) string {
	if bytes.Equal(first, second) {
		return ""
	}
	a, b := bytes.Split(first, []byte("\n")), bytes.Split(second, []byte("\n"))
	for i := 0; i < len(a) || i < len(b); i++ {
		var la, lb []byte
		if i < len(a) {
			la = a[i]
		}
		if i < len(b) {
			lb = b[i]
		}
		if !bytes.Equal(la, lb) {
			return fmt.Sprintf("line %d: first run %q, second run %q", i+1, la, lb)
		}
	}
	return "the runs differ in length"
}
