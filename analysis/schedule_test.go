package analysis

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
)

// Every file reaches the merge once, in run order, whatever the number of
// workers, also when the listing runs into its bound (listAhead) and its
// room is reused.
func TestPipelineMergesInRunOrder(t *testing.T) {
	dir := t.TempDir()
	const files = 600
	want := make([]string, 0, files)
	for i := range files {
		// three folders, the files of each in natural order
		rel := "f" + strconv.Itoa(i%3) + "/V" + strconv.Itoa(i/3) + ".sql"
		text := "SELECT 1;\n"
		if i%7 == 0 {
			text = checkpoint10
		}
		write(t, dir, rel, text)
	}
	for f := range 3 {
		for i := range files / 3 {
			want = append(want, filepath.ToSlash(filepath.Join(dir, "f"+strconv.Itoa(f), "V"+strconv.Itoa(i)+".sql")))
		}
	}
	defer func(n int) { listAhead = n }(listAhead)
	for _, ahead := range []int{1, 5, 4096} {
		listAhead = ahead
		for _, workers := range []int{1, 2, 3, 8} {
			var got []string
			err := Parse(context.Background(), Options{Paths: []string{dir}, Workers: workers}, func(p *Parsed) {
				if p.Err != nil {
					t.Errorf("%s: %v", p.Path, p.Err)
				}
				got = append(got, p.Path)
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("listAhead %d, %d workers: %d files, want %d", ahead, workers, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("listAhead %d, %d workers: file %d is %s, want %s", ahead, workers, i, got[i], want[i])
				}
			}
		}
	}
}

// The window of files in flight: at least minWin whatever they hold, up
// to the ring's size while they hold less than windowBytes.
func TestFeedWindow(t *testing.T) {
	f := newFeed(2, 4)
	for i := range 6 {
		if !f.push(input{display: strconv.Itoa(i)}) {
			t.Fatal("push refused")
		}
	}
	f.close()
	for i := range 4 {
		in, ok := f.take()
		if !ok || in.display != strconv.Itoa(i) {
			t.Fatalf("take %d: %q %v", i, in.display, ok)
		}
		if i == 1 {
			f.hold(windowBytes)
			if f.roomLocked() {
				t.Fatal("room with 2 files in flight holding windowBytes")
			}
			f.hold(-windowBytes)
		}
	}
	if f.roomLocked() {
		t.Fatal("room with the ring full")
	}
	done0, ok := f.next(0)
	if !ok || done0 == nil {
		t.Fatal("file 0 not taken")
	}
	done0 <- &parsed{} // the worker's result, then the merge's receive
	<-done0
	f.release(0)
	if !f.roomLocked() {
		t.Fatal("no room after a file was merged")
	}
	in, ok := f.take()
	if !ok || in.display != "4" {
		t.Fatalf("take after release: %q %v", in.display, ok)
	}
	// the ring's channels are reused: file 4 has file 0's, empty
	if in.done != done0 || len(in.done) != 0 {
		t.Fatalf("file 4's channel %p (%d results), want file 0's %p empty", in.done, len(in.done), done0)
	}
	if done, ok := f.next(4); !ok || done != in.done {
		t.Fatal("the merge waits on another channel than the worker's")
	}
	f.stop()
	if _, ok := f.take(); ok {
		t.Error("a stopped feed gave a file")
	}
	if f.push(input{}) {
		t.Error("a stopped feed took a file")
	}
	if _, ok := f.next(5); ok {
		t.Error("a stopped feed will never take file 5")
	}
}

// Once the context is done, no further file is merged, and the run
// returns the context's error.
func TestPipelineMergesNothingAfterCancel(t *testing.T) {
	dir := t.TempDir()
	for i := range 300 {
		write(t, dir, "V"+strconv.Itoa(i)+".sql", checkpoint10)
	}
	for _, workers := range []int{1, 2, 8} {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		err := Parse(ctx, Options{Paths: []string{dir}, Workers: workers}, func(*Parsed) {
			n++
			cancel()
		})
		if err == nil || n != 1 {
			t.Errorf("%d workers: err %v after %d files", workers, err, n)
		}
	}
}
