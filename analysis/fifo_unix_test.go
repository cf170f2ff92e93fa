//go:build unix

package analysis

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// A named pipe called x.sql in a scanned folder is an input error, not a
// run that waits forever for a writer.
func TestNamedPipeIsNotRead(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/a.sql", checkpoint10)
	if err := syscall.Mkfifo(filepath.Join(dir, "m", "pipe.sql"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	rs, sum := runAll(t, Options{Paths: []string{"m"}})
	if len(rs) != 2 || len(sum.Errors) != 1 || sum.Errors[0].Path != "m/pipe.sql" || !strings.Contains(sum.Errors[0].Message, "not a regular file") {
		t.Errorf("results %+v errors %+v", rs, sum.Errors)
	}
}

// --fix re-analyzes from an overlay of the fixed text; an :r of a named
// pipe in those later rounds is refused as in the first one, never opened
// (a blocking open waits forever for a writer).
func TestFixRoundsDoNotOpenANamedPipe(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "a.sql", checkpoint10+"GO\n:r pipe.sql\nGO\n")
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.sql"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan struct{})
	var rest []report.Finding
	go func() {
		defer close(done)
		_, _, err := Fix(context.Background(), Options{Paths: []string{"a.sql"}}, nil, func(r *FileResult) { rest = append(rest, r.Findings...) })
		if err != nil {
			t.Error(err)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		// unblock the open so that the test ends
		if f, err := os.OpenFile(filepath.Join(dir, "pipe.sql"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		<-done
		t.Fatal("Fix opened the named pipe and waited for a writer")
	}
	found := false
	for _, f := range rest {
		if f.RuleID == "SL002" && strings.Contains(f.Message, "not a regular file") {
			found = true
		}
	}
	if !found {
		t.Errorf("no SL002 for the pipe in %+v", rest)
	}
}

// A fixed file swapped for a named pipe before it is written: WriteFixed
// refuses it with an error naming it, and does not wait for a writer.
func TestWriteFixedRefusesAPipeSwappedIn(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	p := write(t, dir, "a.sql", checkpoint10)
	_, res, err := Fix(context.Background(), Options{Paths: []string{"a.sql"}}, nil, func(*FileResult) {})
	if err != nil || len(res.Files) != 1 {
		t.Fatal(err, res)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := WriteFixed(res.Files)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || err.Error() != "a.sql: not fixed: not a regular file (a named pipe): only regular files are read" {
			t.Errorf("error %v, want one naming a.sql", err)
		} else {
			t.Log(err)
		}
	case <-time.After(20 * time.Second):
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		<-done
		t.Fatal("WriteFixed opened the named pipe and waited for a writer")
	}
}

// A file swapped for a named pipe between the analysis and the fix is
// refused by name; the fix does not open it and wait for a writer.
func TestFixRefusesAPipeSwappedInBeforeTheEdit(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	p := write(t, dir, "a.sql", checkpoint10)
	swapped := false
	choose := func(fs []report.Finding) []report.Finding {
		if !swapped {
			swapped = true
			if err := os.Remove(p); err != nil {
				t.Error(err)
			}
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Error(err)
			}
		}
		return fs
	}
	done := make(chan error, 1)
	go func() {
		_, res, err := Fix(context.Background(), Options{Paths: []string{"a.sql"}}, choose, func(*FileResult) {})
		if err == nil {
			err = errors.Join(res.Errors...)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "a.sql: not fixed: not a regular file") {
			t.Errorf("error %v", err)
		}
	case <-time.After(20 * time.Second):
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		<-done
		t.Fatal("Fix opened the named pipe and waited for a writer")
	}
}
