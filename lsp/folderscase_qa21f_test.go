package lsp

import (
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestWorkspaceFolderRemovedByAnotherSpelling: on Windows a path names
// the same folder whatever its letter case (VS Code writes the drive
// letter in lower case, file:///c%3A/..., another client as typed), but
// a folder was removed from the workspace, or not added twice, only
// when its path was spelled exactly as before: the folder stayed, and
// its scripts kept their folder walked as context. Elsewhere the two
// spellings are two folders.
func TestWorkspaceFolderRemovedByAnotherSpelling(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	change := func(kind, uri string) {
		var p didChangeWorkspaceFoldersParams
		if err := json.Unmarshal([]byte(`{"event":{"`+kind+`":[{"uri":"`+uri+`"}]}}`), &p); err != nil {
			t.Fatal(err)
		}
		s.didChangeWorkspaceFolders(&p)
	}
	change("added", "file:///C:/Work/db")
	change("added", "file:///c%3A/work/db")
	if want := map[bool]int{true: 1, false: 2}[runtime.GOOS == "windows"]; len(s.roots) != want {
		t.Errorf("added twice, spelled two ways: roots %q, want %d", s.roots, want)
	}
	change("removed", "file:///c%3A/work/db")
	if want := map[bool]int{true: 0, false: 1}[runtime.GOOS == "windows"]; len(s.roots) != want {
		t.Errorf("removed spelled in lower case: roots %q, want %d", s.roots, want)
	}
}
