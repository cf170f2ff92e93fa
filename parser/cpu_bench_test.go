package parser

import "testing"

// BenchmarkPreprocessLent: the preprocessor's pass as a static run makes
// it (lent plain batches, dropped), over generated scripts at 2%.
func BenchmarkPreprocessLent(b *testing.B) {
	f := NewFile("bench.sql", generatedSQL(8<<20, 0.02))
	b.SetBytes(int64(len(f.Text)))
	b.ReportAllocs()
	for b.Loop() {
		PreprocessLent(f, nil, func(*Batch, bool) {})
	}
}

// BenchmarkParseLoud: the batches of generated scripts at 2% that are not
// plain, scanned and split as a static run does.
func BenchmarkParseLoud(b *testing.B) {
	f := NewFile("bench.sql", generatedSQL(8<<20, 0.02))
	var loud []*Batch
	size := 0
	PreprocessLent(f, nil, func(bt *Batch, plain bool) {
		if !plain {
			loud = append(loud, bt)
			size += len(bt.Text)
		}
	})
	buf := &StatementBuffer{AddFileOnly: true}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < len(loud); i += 64 {
			s := &Script{File: f, Files: []*File{f}, Batches: loud[i:min(i+64, len(loud))]}
			ParseScriptReuse(s, buf)
		}
	}
}

// BenchmarkLookupKeyword: lookupKeyword over the words of generated
// scripts, in order.
func BenchmarkLookupKeyword(b *testing.B) {
	src := generatedSQL(1<<20, 0.02)
	var sc Scanner
	var words []string
	for _, t := range sc.Scan(src) {
		if t.Kind == TokIdent {
			words = append(words, src[t.Start:t.End])
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, w := range words {
			if lookupKeyword(w) != kwNone {
				n++
			}
		}
	}
	_ = n
}
