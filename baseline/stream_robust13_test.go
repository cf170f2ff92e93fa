package baseline

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// A Stream holds only the findings no entry matches, however many the
// baseline hides (at n and 8n recorded findings, one new one), and gives
// what Filter gives for the same findings added a file at a time: the
// occurrences count across the Adds, a renamed file's findings stay
// hidden, and stale entries are found.
func TestStreamHoldsOnlyNew(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, n := range []int{100, 800} {
		var old []report.Finding
		for i := range n {
			old = append(old, finding("SL302", fmt.Sprintf("db/V%d.sql", i%10), i, "CHECKPOINT 10"))
		}
		old = append(old, finding("SL201", "db/gone.sql", 1, "ALTER DATABASE a SET AUTO_SHRINK ON"))
		data, err := Encode("baseline.json", old)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("baseline.json", data, 0o644); err != nil {
			t.Fatal(err)
		}
		b, err := Load("baseline.json")
		if err != nil {
			t.Fatal(err)
		}
		// the same findings, one more CHECKPOINT in V3, gone.sql renamed
		var now [][]report.Finding
		for f := range 10 {
			var fs []report.Finding
			for i := f; i < n; i += 10 {
				fs = append(fs, finding("SL302", fmt.Sprintf("db/V%d.sql", f), i, "CHECKPOINT 10"))
			}
			if f == 3 {
				fs = append(fs, finding("SL302", "db/V3.sql", n+1, "CHECKPOINT 10"))
			}
			now = append(now, fs)
		}
		now = append(now, []report.Finding{finding("SL201", "db/renamed.sql", 1, "ALTER DATABASE a SET AUTO_SHRINK ON")})
		s := b.Stream()
		var all []report.Finding
		for _, fs := range now {
			// each file's findings in two parts: a file's occurrences
			// count on across them
			s.Add(fs[:len(fs)/2])
			s.Add(fs[len(fs)/2:])
			all = append(all, fs...)
		}
		if len(s.rest) != 2 {
			t.Errorf("%d findings: the Stream holds %d, want the 2 no entry matches", n, len(s.rest))
		}
		got, want := s.Result([]string{"db/V3.sql"}), b.Filter(all, []string{"db/V3.sql"})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d findings: Stream %+v, Filter %+v", n, got, want)
		}
		if len(got.Findings) != 1 || got.Findings[0].Line != n+1 || got.Hidden != n+1 {
			t.Errorf("%d findings: %d new (line %d), %d hidden", n, len(got.Findings), got.Findings[0].Line, got.Hidden)
		}
	}
}
