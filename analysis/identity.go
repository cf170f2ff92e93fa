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

// idSet is a set of file identities, small enough to hold one entry for
// each file of a run of 100,000: an inode is 8 bytes in the map of its
// device (a run's files are on one device or a few), where a map keyed by
// fileID holds 32 bytes and a string header for each.
type idSet struct {
	byDev map[uint64]map[uint64]struct{}
	other map[fileID]struct{} // identities by path
	// the map of the last device looked up
	dev  uint64
	inos map[uint64]struct{}
}

// add adds id to the set and reports whether it was not in it.
func (s *idSet) add(id fileID) bool {
	if id.path != "" {
		if _, ok := s.other[id]; ok {
			return false
		}
		if s.other == nil {
			s.other = map[fileID]struct{}{}
		}
		s.other[id] = struct{}{}
		return true
	}
	inos := s.device(id.dev, true)
	if _, ok := inos[id.ino]; ok {
		return false
	}
	inos[id.ino] = struct{}{}
	return true
}

// has reports whether id is in the set.
func (s *idSet) has(id fileID) bool {
	if id.path != "" {
		_, ok := s.other[id]
		return ok
	}
	_, ok := s.device(id.dev, false)[id.ino]
	return ok
}

// device returns the inodes of device dev, nil when there are none
// unless create.
func (s *idSet) device(dev uint64, create bool) map[uint64]struct{} {
	if s.inos != nil && s.dev == dev {
		return s.inos
	}
	inos := s.byDev[dev]
	if inos == nil {
		if !create {
			return nil
		}
		if s.byDev == nil {
			s.byDev = map[uint64]map[uint64]struct{}{}
		}
		inos = map[uint64]struct{}{}
		s.byDev[dev] = inos
	}
	s.dev, s.inos = dev, inos
	return inos
}
