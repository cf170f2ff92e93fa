package parser

import (
	"reflect"
	"testing"
)

// TestCtrlZEndsLastLine: a Ctrl-Z (0x1A) that ends the file is an old
// DOS end-of-file mark, no part of the last line: "GO^Z" is a GO line
// (with its count), and a command's argument does not take it in. A
// Ctrl-Z elsewhere is no line end.
func TestCtrlZEndsLastLine(t *testing.T) {
	tests := []struct {
		name, src string
		batches   []string
		counts    []int
	}{
		{"GO", "CHECKPOINT 10\nGO\x1a", []string{"CHECKPOINT 10\n"}, []int{1}},
		{"GO count", "SELECT 1\nGO 2\x1a", []string{"SELECT 1\n"}, []int{2}},
		{"setvar", ":setvar a b\nSELECT '$(a)'\nGO\n:setvar a c\x1a", []string{"SELECT 'b'\n"}, []int{1}},
		{"setvar value", "SELECT '$(a)'\n:setvar a b\x1a", []string{"SELECT 'b'\n"}, []int{1}},
		{"not last", "SELECT 1\nGO\x1a\nSELECT 2\n", []string{"SELECT 1\nGO\x1a\nSELECT 2\n"}, []int{1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("z.sql", tc.src), &PreprocessOptions{})
			if len(sc.Diags) > 0 {
				t.Errorf("diags: %q", diagMessages(sc))
			}
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.batches) {
				t.Errorf("batches = %q, want %q", got, tc.batches)
			}
			var counts []int
			for _, b := range sc.Batches {
				counts = append(counts, int(b.Count))
			}
			if !reflect.DeepEqual(counts, tc.counts) {
				t.Errorf("counts = %v, want %v", counts, tc.counts)
			}
		})
	}
}
