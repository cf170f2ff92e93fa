//go:build !linux

package analysis

import (
	"io/fs"
	"os"
)

// readFile reads a regular file (readFileOS).
func readFile(_ *dirCache, path string, r *run, mayMap, lend bool) ([]byte, fileID, bool, error) {
	return readFileOS(path, r, mayMap, lend)
}

// dirCache is a worker's open folder on Linux; elsewhere files are opened
// by their whole paths.
type dirCache struct{}

// close lets the folder open go.
func (*dirCache) close() {}

// scanFile reads a regular file through buf (scanFileOS).
func scanFile(_ *dirCache, path string, buf []byte) (fileID, bool) { return scanFileOS(path, buf) }

// scanFileOS reads a regular file through buf and returns its identity and
// whether it may hold a :r command.
func scanFileOS(path string, buf []byte) (fileID, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return fileID{}, false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return fileID{}, false
	}
	id, ok := sysID(info)
	if !ok {
		return fileID{}, true // the pipeline's read finds the identity
	}
	keep := 0 // bytes carried over from the previous read: a ':' may end it
	for {
		n, err := f.Read(buf[keep:])
		if n > 0 {
			chunk := buf[:keep+n]
			if mayInclude(chunk) {
				return id, true
			}
			keep = copy(buf, chunk[max(0, len(chunk)-2):])
		}
		if err != nil {
			return id, false
		}
	}
}

// listDir lists a folder (os.ReadDir).
func listDir(name string) ([]os.DirEntry, error) { return os.ReadDir(name) }

// peekDir calls fn for the entries of folder name, a few at a time, until
// fn returns false or none are left; a folder it cannot read it leaves.
func peekDir(name string, fn func(fs.DirEntry) bool) {
	f, err := os.Open(name)
	if err != nil {
		return
	}
	defer f.Close()
	for {
		ents, err := f.ReadDir(32)
		for _, d := range ents {
			if !fn(d) {
				return
			}
		}
		if err != nil || len(ents) == 0 {
			return
		}
	}
}
