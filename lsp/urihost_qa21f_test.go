package lsp

import (
	"runtime"
	"testing"
)

// TestFileURIOnAnotherHost: file://server/share/x.sql names a file on
// host "server" (RFC 8089). Windows reaches it as \\server\share\x.sql;
// elsewhere the server took the path alone, /share/x.sql, a local file
// that is not the document, and checked the script with that folder's
// scripts as context and that folder's config. It is now not a local
// path there (the document is not checked), as a URI that is not file:
// is not; file://localhost/... stays the local file.
func TestFileURIOnAnotherHost(t *testing.T) {
	got, err := uriToPath("file://server/share/x.sql")
	if runtime.GOOS == "windows" {
		if err != nil || got != `\\server\share\x.sql` {
			t.Errorf("UNC: %q, %v", got, err)
		}
	} else if err == nil {
		t.Errorf("a file on another host: %q, want an error", got)
	}
	want := "/tmp/x.sql"
	if runtime.GOOS == "windows" {
		want = `\tmp\x.sql`
	}
	if got, err := uriToPath("file://localhost/tmp/x.sql"); err != nil || got != want {
		t.Errorf("localhost: %q, %v; want %q", got, err, want)
	}
}
