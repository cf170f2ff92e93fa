package parser

import (
	"math/rand"
	"strings"
	"testing"
)

// The byte-at-a-time forms of the string tests that foldIndex and
// runWordIndex speed up.
func hasBackupRef(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i]|0x20 == 'b' && ppHasPrefixFold(s, i, "backup") {
			return true
		}
	}
	return false
}

func hasTempdbRef(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i]|0x20 == 't' && ppHasPrefixFold(s, i, "tempdb") {
			return true
		}
	}
	return false
}

func hasWordRef(t string, sizes bool) bool {
	for i := 0; i+4 <= len(t); i++ {
		switch t[i] | 0x20 {
		case 't':
			if ppHasPrefixFold(t, i, "traceon") || ppHasPrefixFold(t, i, "target\x7frecovery\x7ftime") {
				return true
			}
		case 'c':
			if ppHasPrefixFold(t, i, "checkpoint") {
				return true
			}
		case 's':
			if sizes && t[i+1]|0x20 == 'i' && ppHasPrefixFold(t, i, "size") {
				return true
			}
		case 'f':
			if sizes && t[i+1]|0x20 == 'i' && ppHasPrefixFold(t, i, "filegrowth") {
				return true
			}
		}
	}
	return false
}

func checkFoldTests(t *testing.T, s string) {
	t.Helper()
	if got, want := hasBackup(s), hasBackupRef(s); got != want {
		t.Fatalf("hasBackup(%q) = %v, want %v", s, got, want)
	}
	if got, want := hasTempdb(s), hasTempdbRef(s); got != want {
		t.Fatalf("hasTempdb(%q) = %v, want %v", s, got, want)
	}
	// dynamicFactsIn asks hasTempdbAdd only of text hasTempdb is true of
	if hasTempdbAdd(s) && !hasTempdb(byteString([]byte(s))) {
		t.Fatalf("hasTempdbAdd(%q) without hasTempdb", s)
	}
	for _, sizes := range []bool{false, true} {
		if got, want := hasWord(s, sizes), hasWordRef(s, sizes); got != want {
			t.Fatalf("hasWord(%q, %v) = %v, want %v", s, sizes, got, want)
		}
	}
	for _, c := range []byte("btcsf") {
		for i := 0; i <= len(s); i++ {
			want := len(s)
			for j := i; j < len(s); j++ {
				if s[j]|0x20 == c {
					want = j
					break
				}
			}
			if got := foldIndex(s, i, c); got != want {
				t.Fatalf("foldIndex(%q, %d, %q) = %d, want %d", s, i, c, got, want)
			}
		}
	}
}

// hasBackup, hasTempdb and hasWord, which look for their words' first
// letters 8 bytes at a time, answer as a byte at a time does, for each
// word at every distance from a block of 8 and from the end, in either
// case, cut short, and beside bytes that fold to its letters.
func TestFoldIndexTests(t *testing.T) {
	words := []string{"ALTER DATABASE tempdb ADD", "alter  database [TEMPDB]\nadd", "ALTER DATABASE \"tempdb\" ADD",
		"ALTER DATABASE te\u212apdb ADD", "ALTER DATABASE tempdB ADD FILE", "backup", "BACKUP", "Backu", "tempdb", "TEMPDB", "tempd", "traceon", "TARGET_RECOVERY_TIME",
		"checkpoint", "CHECKPOIN", "size", "SIZE", "si", "filegrowth", "FILEGROWTH", "fi", "b", "t", "c", "s", "f",
		"\x42\x41\x43\x4b\x55\x50", "\xe2\xe1\xe3\xeb\xf5\xf0", "b\x00ackup"}
	pad := "xyz _.;'éab"
	for _, w := range words {
		for a := 0; a < 12; a++ {
			for e := 0; e < 10; e++ {
				checkFoldTests(t, strings.Repeat(pad, 2)[:a]+w+strings.Repeat(pad, 2)[:e])
			}
		}
	}
	if !hasTempdbAdd("ALTER DATABASE tempdb ADD") || !hasTempdbAdd("alter  database [TEMPDB]\nadd") {
		t.Fatal("hasTempdbAdd does not see tempdb's ADD")
	}
	r := rand.New(rand.NewSource(15))
	alpha := []byte("bBtTcCsSfFaAcCkKuUpPeEmMdDiIzZgGrRoOwWhHnN_ \x00\xff\x7f\xe2\xc2")
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.Intn(40))
		for i := range b {
			b[i] = alpha[r.Intn(len(alpha))]
		}
		checkFoldTests(t, string(b))
	}
}
