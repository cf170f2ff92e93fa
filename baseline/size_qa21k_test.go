package baseline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestEncodeReadsBack: a baseline larger than Load reads (64 MB: about
// 650,000 entries) is not written, as sqllint could not read it back:
// 999,000 findings were written to a 99 MB baseline that every later
// run refused ("file is larger than the 64 MB limit"). One that fits is
// written and read.
func TestEncodeReadsBack(t *testing.T) {
	defer func(m int64) { maxSize = m }(maxSize)
	maxSize = 4 << 10
	path := filepath.Join(t.TempDir(), "b.json")
	findings := func(n int) []report.Finding {
		var fs []report.Finding
		for i := range n {
			fs = append(fs, finding("SL302", "V1.sql", i+1, fmt.Sprintf("CHECKPOINT %d", i)))
		}
		return fs
	}
	data, err := Encode(path, findings(20))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := Load(path); err != nil || len(b.Entries) != 20 {
		t.Fatalf("a baseline of %d bytes not read back: %v", len(data), err)
	}
	data, err = Encode(path, findings(200))
	if err == nil || !strings.Contains(err.Error(), "larger than the 4 KB a baseline may hold") {
		t.Fatalf("a baseline of %d bytes written (%v)", len(data), err)
	}
}
