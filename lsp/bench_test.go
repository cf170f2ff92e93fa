package lsp

import (
	"fmt"
	"io"
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

// slowReader reads at most chunk bytes at a time and pauses after each
// read: a client that reads its input slowly.
type slowReader struct {
	r     io.Reader
	chunk int
	pause time.Duration
}

func (s slowReader) Read(p []byte) (int, error) {
	if len(p) > s.chunk {
		p = p[:s.chunk]
	}
	n, err := s.r.Read(p)
	time.Sleep(s.pause)
	return n, err
}

// BenchmarkSlowClientPairs measures 1,000 didChange + textDocument/
// diagnostic pairs from a client that sends them as fast as the server
// reads them and reads its input at 4 KB per millisecond, until every
// pull is answered: a script with 200 findings, each full report 90 KB.
//
//	go test ./lsp -run '^$' -bench SlowClientPairs -benchtime 3x
func BenchmarkSlowClientPairs(b *testing.B) {
	uri := pathURI(filepath.Join(b.TempDir(), "x.sql"))
	text := strings.Repeat("CHECKPOINT 10;\nGO\n", 200)
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		c := newClientReading(b, Options{Debounce: 20 * time.Millisecond}, func(r io.Reader) io.Reader {
			return slowReader{r, 4 << 10, time.Millisecond}
		})
		c.initialize(pullCaps, `null`)
		c.open(uri, text)
		if r := c.pull(uri, ""); r.Items == nil || len(*r.Items) != 200 {
			b.Fatalf("first pull: %d findings", len(*r.Items))
		}
		b.StartTimer()
		var ids []int
		for v := 2; v < 1002; v++ {
			c.notify("textDocument/didChange", didChangeParams{
				TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: v},
				ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- e\n"}},
			})
			ids = append(ids, c.sendPull(uri))
		}
		for _, id := range ids {
			c.next("an answer", func(m *message) bool { return m.Method == "" && string(m.ID) == fmt.Sprint(id) })
		}
		b.StopTimer()
		c.shutdown()
	}
}
