package parser

import (
	"strings"
	"testing"
)

// A UTF-32 script (editors offer it: "Unicode (UTF-32)") is named as
// such, not as a binary file with a NUL byte at line 1, column 1: the
// byte order mark FF FE 00 00 starts like UTF-16's, whose first
// character would then be U+0000.
func TestSourceDecodeUTF32(t *testing.T) {
	utf32 := func(s string, big bool) []byte {
		var b []byte
		for _, r := range s {
			if big {
				b = append(b, 0, byte(r>>16), byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8), byte(r>>16), 0)
			}
		}
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"le", utf32("\ufeffUSE d\r\nCHECKPOINT\r\n", false), "UTF-32 text (little endian, byte order mark FF FE 00 00)"},
		{"be", utf32("\ufeffUSE d\r\n", true), "UTF-32 text (big endian, byte order mark 00 00 FE FF)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("u32.sql", tc.data)
			if err == nil {
				t.Fatalf("Decode read UTF-32 as %v: %q", f.Encoding, f.Text)
			}
			if !strings.HasPrefix(err.Error(), tc.want) || !strings.Contains(err.Error(), "save it as UTF-8 or UTF-16") {
				t.Errorf("error %q, want it to start %q and say how to save it", err, tc.want)
			}
		})
	}
	// UTF-16 with an ordinary first character and a NUL after it stays
	// a binary file
	if _, err := Decode("x.sql", []byte{0xFF, 0xFE, 'a', 0, 0, 0}); err == nil || !strings.HasPrefix(err.Error(), "binary file") {
		t.Errorf("error %v, want a binary file", err)
	}
}
