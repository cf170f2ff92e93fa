package parser

import "testing"

// A NUL byte makes a file binary, and the message says where it is as a
// finding would: line and column (characters), not a byte offset, which
// in a UTF-16 script counts two bytes a character and four an emoji, and
// which no editor shows.
func TestSourceDecodeBinaryPosition(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"utf8", []byte("USE Sales;\r\nGO\nPRINT N'é😀';\x00"), "binary file (NUL byte at line 3, column 13)"},
		{"lone cr", []byte("a\rb\r\nc\x00"), "binary file (NUL byte at line 3, column 2)"},
		{"cp1252", []byte("PRINT '\xe9\x80';\nX\x00"), "binary file (NUL byte at line 2, column 2)"},
		{"utf8 bom", []byte("\xEF\xBB\xBFab\ncd\x00"), "binary file (NUL byte at line 2, column 3)"},
		{"utf16", append(utf16Bytes("USE Sales;\r\nPRINT N'😀é';", false, true), 0, 0, 'c', 0), "binary file (NUL byte at line 2, column 13)"},
		{"utf16 be", append(utf16Bytes("x\ny", true, true), 0, 0), "binary file (NUL byte at line 2, column 2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("bin.dat", tc.data)
			if err == nil {
				t.Fatalf("Decode accepted binary data as %v: %q", f.Encoding, f.Text)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}
