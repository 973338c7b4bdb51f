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
			at := 0
			for at < len(la) && at < len(lb) && la[at] == lb[at] {
				at++
			}
			return fmt.Sprintf("line %d, column %d: first run …%q…, second run …%q…", i+1, at+1, around(la, at), around(lb, at))
		}
	}
	return "the runs differ in length"
}

// around is up to 60 bytes of line either side of column at.
func around(line []byte, at int) []byte {
	return line[max(0, at-60):min(len(line), at+60)]
}
