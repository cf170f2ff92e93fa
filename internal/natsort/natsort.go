// Package natsort orders file paths naturally: runs of digits compare by
// value, so V2 comes before V10, the way migration tools order scripts.
package natsort

import "strings"

// Less orders paths the way migration tools do: runs of digits
// compare by value, so V2 comes before V10; and a version is followed by
// its longer versions, V1 by V1.1 and V1_1 (Flyway reads both as 1.1)
// before V2: after a number, a '.' or '_' followed by a digit comes after
// anything else (V1__init.sql before V1.1__fix.sql).
func Less(a, b string) bool {
	tie := 0 // the first difference in case or leading zeros decides last
	afterNumber := false
	for a != "" && b != "" {
		ca, cb := a[0], b[0]
		if afterNumber {
			afterNumber = false
			if va, vb := versionGoesOn(a), versionGoesOn(b); va != vb {
				return vb
			}
		}
		if isDigit(ca) && isDigit(cb) {
			afterNumber = true
			na, ra := digitRun(a)
			nb, rb := digitRun(b)
			ta, tb := strings.TrimLeft(na, "0"), strings.TrimLeft(nb, "0")
			if len(ta) != len(tb) {
				return len(ta) < len(tb)
			}
			if ta != tb {
				return ta < tb
			}
			if len(na) != len(nb) && tie == 0 { // 01 before 1 keeps the order total
				tie = order(len(na) > len(nb))
			}
			a, b = ra, rb
			continue
		}
		la, lb := lowerByte(ca), lowerByte(cb)
		if la != lb {
			return la < lb
		}
		if ca != cb && tie == 0 {
			tie = order(ca < cb)
		}
		a, b = a[1:], b[1:]
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return tie < 0
}

// order is -1 when a comes first, else 1.
func order(aFirst bool) int {
	if aFirst {
		return -1
	}
	return 1
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// versionGoesOn reports whether s, after a number, goes on with more of
// the version: '.' or '_' and a digit.
func versionGoesOn(s string) bool {
	return len(s) > 1 && (s[0] == '.' || s[0] == '_') && isDigit(s[1])
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func digitRun(s string) (run, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}
