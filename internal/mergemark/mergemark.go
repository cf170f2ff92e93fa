// Package mergemark finds the markers a merge with a conflict leaves in a
// file (git, Mercurial and Subversion write the same ones), so that a
// config file or a baseline left so is reported as that, at its line,
// rather than as a syntax error somewhere near it.
package mergemark

import "bytes"

// Find returns the first line (1-based) of data that is a merge conflict
// marker, and the marker: <<<<<<<, ||||||| (diff3's base) or >>>>>>> at
// the start of a line, alone or followed by a blank and a label, or
// ======= alone on its line. A ======= line counts only when one of the
// others is in data too (it could be text of its own). Find returns 0 and
// "" when data holds no marker.
func Find(data []byte) (line int, marker string) {
	sep := 0 // the first ======= line
	for i, n := 0, 1; i < len(data); n++ {
		end := bytes.IndexByte(data[i:], '\n')
		if end < 0 {
			end = len(data) - i
		}
		ln := bytes.TrimRight(data[i:i+end], " \t\r")
		i += end + 1
		if len(ln) < 7 {
			continue
		}
		switch m := string(ln[:7]); m {
		case "<<<<<<<", "|||||||", ">>>>>>>":
			if len(ln) == 7 || ln[7] == ' ' || ln[7] == '\t' {
				if sep > 0 {
					return sep, "======="
				}
				return n, m
			}
		case "=======":
			if len(ln) == 7 && sep == 0 {
				sep = n
			}
		}
	}
	return 0, ""
}
