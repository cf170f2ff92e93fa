package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bigScript is about size bytes of a deployment script: tables, data,
// procedures, and an explicit CHECKPOINT duration (SL302) every 20
// batches.
func bigScript(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "CREATE TABLE dbo.T%d (Id int NOT NULL PRIMARY KEY, Name nvarchar(100) NULL, Amount decimal(18, 2) NOT NULL DEFAULT 0);\n", i)
		fmt.Fprintf(&b, "INSERT INTO dbo.T%d (Id, Name, Amount) VALUES (1, N'first', 10.5), (2, N'second', 20.25), (3, N'third', 30);\n", i)
		fmt.Fprintf(&b, "GO\nCREATE OR ALTER PROCEDURE dbo.P%d @id int AS\nBEGIN\n    SET NOCOUNT ON;\n    SELECT Id, Name FROM dbo.T%d WHERE Id = @id;\nEND\nGO\n", i, i)
		if i%20 == 0 {
			b.WriteString("CHECKPOINT 10;\nGO\n")
		}
	}
	return b.String()
}

// BenchmarkDiagnostics5MB measures the time from a change of a 5 MB
// buffer to its diagnostics, through the whole server (framing, JSON,
// overlay, parse, rules, position conversion).
//
//	go test ./lsp -run '^$' -bench Diagnostics5MB -benchtime 5x
func BenchmarkDiagnostics5MB(b *testing.B) {
	text := bigScript(5 << 20)
	uri := pathURI(filepath.Join(b.TempDir(), "big.sql"))
	c := newClient(b, Options{Debounce: time.Nanosecond})
	c.initialize(modern, `null`)
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	if find(ds, "SL302") == nil {
		b.Fatalf("no SL302 in %d diagnostics", len(ds))
	}
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := i + 2
		c.notify("textDocument/didChange", didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: v},
			ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- edit\n"}},
		})
		c.diagnostics(uri, v)
	}
	b.StopTimer()
	b.ReportMetric(float64(len(ds)), "diagnostics")
	c.shutdown()
}
