package parser

import "testing"

// The column of a NUL counts the characters of its line as Decode reads
// the text: a script that is no UTF-8 is Windows-1252, so the bytes of
// é in UTF-8 are two characters there (Ã©); after a UTF-8 byte order
// mark a run of bytes that are no UTF-8 is one U+FFFD.
func TestSourceDecodeBinaryColumnAsDecoded(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"cp1252", "a\n\xe9 \xc3\xa9\x00", "binary file (NUL byte at line 2, column 5)"},
		{"utf8 bom lossy", "\xEF\xBB\xBFa\n\x80\x80b\x00", "binary file (NUL byte at line 2, column 3)"},
	} {
		if _, err := Decode("bin.dat", []byte(tc.data)); err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
