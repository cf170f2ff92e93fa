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

// TestSinceUTF16NewRenamedAndOtherBinaries: a UTF-16 script added since
// the revision is wholly new, one renamed and changed keeps its old lines,
// a UTF-16 include without the .sql name counts too, and a binary file
// that is no script is not compared as text.
func TestSinceUTF16NewRenamedAndOtherBinaries(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	var long string
	for i := 0; i < 40; i++ {
		long += "SELECT 1;\r\nGO\r\n"
	}
	write(t, filepath.Join(dir, "old name.sql"), utf16Text(long, false))
	write(t, filepath.Join(dir, "inc.tab"), utf16Text("SELECT 1;\r\n", false))
	write(t, filepath.Join(dir, "data.bin"), "\x00\x01\x02")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	base := run(t, dir, "rev-parse", "HEAD")
	run(t, dir, "mv", "old name.sql", "new name.sql")
	write(t, filepath.Join(dir, "new name.sql"), utf16Text(long+"CHECKPOINT 2;\r\n", false)) // line 81 added
	write(t, filepath.Join(dir, "inc.tab"), utf16Text("SELECT 1;\r\nCHECKPOINT 3;\r\n", false))
	write(t, filepath.Join(dir, "added.sql"), utf16Text("CHECKPOINT 4;\r\n", false))
	write(t, filepath.Join(dir, "data.bin"), "\x00\x01\x03")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "two")

	t.Chdir(dir)
	c, err := Since(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		line int
		want bool
	}{
		{"new name.sql", 1, false}, {"new name.sql", 80, false}, {"new name.sql", 81, true},
		{"inc.tab", 1, false}, {"inc.tab", 2, true},
		{"added.sql", 1, true},
	} {
		if got := c.Changed(tc.name, tc.line, tc.line); got != tc.want {
			t.Errorf("%s line %d: changed %v, want %v", tc.name, tc.line, got, tc.want)
		}
	}
	if _, ok := c.files["data.bin"]; ok {
		t.Errorf("data.bin was compared as text: %v", c.files["data.bin"])
	}
}
