package analysis

import (
	"os"
	"path/filepath"
)

// fileID is the identity of a physical file: a, ./a, d/../d/a, /abs/a
// and a symlink to a are the same file.
type fileID struct {
	dev, ino uint64
	path     string // the resolved path where the system has no inode
}

func (id fileID) valid() bool { return id.dev != 0 || id.ino != 0 || id.path != "" }

// identity returns the identity of the file at path; an overlay file not
// on disk is known by its absolute path.
func (r *run) identity(path string) fileID {
	info, err := os.Stat(path)
	if err != nil {
		return fileID{path: r.abs(path)}
	}
	if id, ok := sysID(info); ok {
		return id
	}
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return fileID{path: r.abs(p)}
	}
	return fileID{path: r.abs(path)}
}
