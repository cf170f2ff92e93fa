package parser

import (
	"strings"
	"testing"
)

// A batch that $(var) values make large is copied once, into a text of
// its final length: the bytes allocated follow the expanded text, at n
// and 8n uses of a 64 KB value. (Copied as it grew, a quarter at a time,
// it allocated about five times the text, and a batch of 61 MB peaked at
// 212 MB.)
func TestExpandedBatchCopiedOnce(t *testing.T) {
	val := strings.Repeat("x", 64<<10)
	for _, uses := range []int{16, 128} {
		var sb strings.Builder
		sb.WriteString(":setvar V \"" + val + "\"\n")
		for range uses {
			sb.WriteString("PRINT '$(V)';\n")
		}
		sb.WriteString("GO\n")
		src := sb.String()
		f := NewFile("expand.sql", src)
		var text string
		n := allocated(func() {
			PreprocessFunc(f, &PreprocessOptions{}, func(b *Batch) { text = b.Text })
		})
		want := uses * (len(val) + len("PRINT '';\n"))
		if len(text) != want {
			t.Fatalf("%d uses: the batch holds %d bytes, want %d", uses, len(text), want)
		}
		if limit := uint64(want + want/2 + 1<<20); n > limit {
			t.Errorf("%d uses: %.1f MB allocated for a batch of %.1f MB (limit %.1f MB)",
				uses, float64(n)/(1<<20), float64(want)/(1<<20), float64(limit)/(1<<20))
		}
	}
}
