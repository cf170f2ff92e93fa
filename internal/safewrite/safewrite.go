// Package safewrite replaces the content of a file that a tool read and
// changed (sqllint's --fix) without losing anything the user had:
//
//   - It refuses when the file no longer holds what was read (edited on
//     disk meanwhile): ErrChanged. Nothing is written then.
//   - A symbolic link is followed: the target's content is replaced and the
//     link stays a link.
//   - A file with several hard links is written in place (the same inode:
//     every link sees the new content), after the content check; so is a
//     file whose owner the process cannot give to a new file (not root).
//   - Otherwise the new content goes to a temporary file in the same
//     folder, which gets the original's permission bits and, when
//     possible, its owner and group, is synced, and is renamed over the
//     original, so a crash leaves the old or the new file, never half of
//     one. The folder is synced after the rename.
//
// A read-only file (no write permission bit for anyone) is never written:
// ErrReadOnly.
//
// Writing in place is not atomic: a crash in the middle can leave a
// partial file. A write that fails (a full disk, a quota) leaves the
// original: a file that grows is first extended by its new tail, and a
// failed overwrite puts the original bytes back. It is the price of
// keeping hard links and owners; the content check still runs first.
// Extended attributes and ACLs are not copied to the temporary file. The
// check and the write are not one atomic step: a change made in the
// instant between them is not detected.
package safewrite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrChanged is returned (wrapped) when the file's content is no longer
// the original the caller read.
var ErrChanged = errors.New("the file changed on disk since it was read; not overwritten (run again)")

// ErrReadOnly is returned (wrapped) for a file no one may write (no write
// permission bit): it is left as it is, as an editor or gofmt -w would.
var ErrReadOnly = errors.New("the file is read-only; not overwritten (make it writable first, e.g. check it out in TFVC or Perforce)")

// How WriteFile wrote a file.
type Method int

// Methods of writing.
const (
	Replaced Method = iota // a temporary file renamed over the original
	InPlace                // the original file truncated and rewritten
)

func (m Method) String() string {
	if m == InPlace {
		return "in place"
	}
	return "replaced"
}

// createTemp is os.CreateTemp, mayChown canChown and writeAt
// (*os.File).WriteAt; tests replace them.
var (
	createTemp = os.CreateTemp
	mayChown   = canChown
	writeAt    = (*os.File).WriteAt
)

// WriteFile replaces the content of the file at path (a regular file, or a
// symbolic link to one) with data, provided it still holds original. See
// the package documentation for what is kept and how. Errors name the
// path; a file that changed gives an error wrapping ErrChanged.
func WriteFile(path string, original, data []byte) error {
	_, err := Write(path, original, data)
	return err
}

// Write is WriteFile that also says how the file was written.
func Write(path string, original, data []byte) (Method, error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return 0, fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	info, err := os.Lstat(target)
	if err != nil {
		return 0, fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if !info.Mode().IsRegular() {
		return 0, fmt.Errorf("cannot write %s: not a regular file", path)
	}
	if info.Mode().Perm()&0o222 == 0 {
		// Writing a new file over it would bypass what its mode says
		// (root, or a rename in a writable folder, could): a version
		// control system (TFVC, Perforce) marks files read-only until
		// they are checked out, and would not know of the change.
		return 0, fmt.Errorf("cannot write %s: %w", path, ErrReadOnly)
	}
	if err := check(path, target, original); err != nil {
		return 0, err
	}
	uid, gid, links, known := owner(info)
	inPlace := known && links > 1
	if known && !inPlace && (uid != os.Geteuid() || gid != os.Getegid()) && !mayChown() {
		// A new file would belong to us: keep the owner by writing in
		// place.
		inPlace = true
	}
	if inPlace {
		return InPlace, writeInPlace(path, target, original, data)
	}
	return Replaced, replace(path, target, info, uid, gid, known, original, data)
}

// check compares the file's content with original.
func check(path, target string, original []byte) error {
	cur, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if !bytes.Equal(cur, original) {
		return fmt.Errorf("%s: %w", path, ErrChanged)
	}
	return nil
}

func writeInPlace(path, target string, original, data []byte) (err error) {
	f, err := os.OpenFile(target, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("cannot write %s: %w", path, UnwrapPath(cerr))
		}
	}()
	// Check again through the open file, just before writing.
	cur, err := io.ReadAll(f)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if !bytes.Equal(cur, original) {
		return fmt.Errorf("%s: %w", path, ErrChanged)
	}
	// A file that grows gets its new tail first, past its old end: a
	// full disk or a quota then fails before a byte of the original is
	// overwritten, and the tail is cut off again. The rest overwrites
	// blocks the file already has.
	n := min(len(data), len(original))
	if len(data) > n {
		if _, err := writeAt(f, data[n:], int64(n)); err != nil {
			if terr := f.Truncate(int64(len(original))); terr != nil {
				return fmt.Errorf("cannot write %s (it may be left with extra bytes at its end): %w", path, UnwrapPath(err))
			}
			return fmt.Errorf("cannot write %s (left as it was): %w", path, UnwrapPath(err))
		}
	}
	if _, err := writeAt(f, data[:n], 0); err != nil {
		// put the original back when the file takes it
		if _, rerr := writeAt(f, original, 0); rerr == nil && f.Truncate(int64(len(original))) == nil {
			return fmt.Errorf("cannot write %s (left as it was): %w", path, UnwrapPath(err))
		}
		return fmt.Errorf("cannot write %s (it may be left partly written): %w", path, UnwrapPath(err))
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return fmt.Errorf("cannot write %s (it may be left partly written): %w", path, UnwrapPath(err))
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	return nil
}

func replace(path, target string, info fs.FileInfo, uid, gid int, known bool, original, data []byte) error {
	dir := filepath.Dir(target)
	tmp, err := createTemp(dir, "."+filepath.Base(target)+".sqllint-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: cannot create a temporary file in %s: %w", path, dir, UnwrapPath(err))
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	fail := func(err error) error {
		return fmt.Errorf("cannot write %s: %w", path, UnwrapPath(err))
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	// Permission bits, setuid/setgid/sticky included (CreateTemp made it
	// 0600); the owner when we may give it.
	if err := tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return fail(err)
	}
	if known {
		if err := tmp.Chown(uid, gid); err != nil && (uid != os.Geteuid() || gid != os.Getegid()) {
			return fail(err)
		}
		// chown may clear setuid/setgid: set the mode again.
		if err := tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return fail(err)
		}
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := check(path, target, original); err != nil {
		return err
	}
	if err := os.Rename(name, target); err != nil {
		return fail(err)
	}
	ok = true
	return syncDir(dir)
}

// syncDir makes a rename in dir durable. Systems that cannot sync a folder
// (EINVAL, or opening it fails) are not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil // best effort: the rename is done
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !ignorableSyncError(err) {
		return fmt.Errorf("cannot sync folder %s: %w", dir, UnwrapPath(err))
	}
	return nil
}

// unwrapPath drops the *PathError's operation and path, which messages
// give themselves.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
