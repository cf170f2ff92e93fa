package udiff

import "strings"

// Added reports, for each line of updated, whether it is added or changed
// from old: added[i] is line i+1. Lines are compared without a trailing
// carriage return, as git compares a work tree that its attributes
// normalize to LF.
func Added(old, updated []byte) []bool {
	a, b := lines(view(old)), lines(view(updated))
	for _, ls := range [][]string{a, b} {
		for i, l := range ls {
			ls[i] = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
		}
	}
	added := make([]bool, len(b))
	for _, o := range diff(a, b) {
		if o.kind == '+' {
			added[o.b] = true
		}
	}
	return added
}
