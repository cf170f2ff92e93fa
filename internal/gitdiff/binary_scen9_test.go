package gitdiff

import (
	"encoding/binary"
	"path/filepath"
	"testing"
	"unicode/utf16"
)

// utf16Text is s in UTF-16 with a byte order mark, little or big endian.
func utf16Text(s string, big bool) string {
	var order binary.AppendByteOrder = binary.LittleEndian
	b := []byte{0xFF, 0xFE}
	if big {
		order, b = binary.BigEndian, []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return string(b)
}

// TestSinceUTF16: git takes a UTF-16 script (SSMS saves scripts so) for a
// binary file and prints no hunk for it ("Binary files ... differ"), so
// no line of a changed UTF-16 script counted as changed and
// --new-from-rev hid its new findings. Its lines are those of the
// decoded text: a line break is the byte 0x0A in both byte orders. A
// script that .gitattributes marks binary is compared as text too.
func TestSinceUTF16(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	old := "CHECKPOINT 1;\r\nGO\r\nSELECT 'é';\r\nGO\r\n"
	now := "CHECKPOINT 1;\r\nGO\r\nSELECT 'é';\r\nCHECKPOINT 2;\r\nGO\r\n" // line 4 added
	write(t, filepath.Join(dir, "le.sql"), utf16Text(old, false))
	write(t, filepath.Join(dir, "be.sql"), utf16Text(old, true))
	write(t, filepath.Join(dir, "bin", "a.sql"), old)
	write(t, filepath.Join(dir, "bin", ".gitattributes"), "*.sql binary\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	base := run(t, dir, "rev-parse", "HEAD")
	write(t, filepath.Join(dir, "le.sql"), utf16Text(now, false))
	write(t, filepath.Join(dir, "be.sql"), utf16Text(now, true))
	write(t, filepath.Join(dir, "bin", "a.sql"), now)

	t.Chdir(dir)
	c, err := Since(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"le.sql", "be.sql", "bin/a.sql"} {
		for line := 1; line <= 5; line++ {
			if got, want := c.Changed(name, line, line), line == 4; got != want {
				t.Errorf("%s line %d: changed %v, want %v", name, line, got, want)
			}
		}
	}
}
