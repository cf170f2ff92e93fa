package analysis

import (
	"path/filepath"
	"strings"
)

// joinName is filepath.Join(dir, name) for dir already cleaned
// (filepath.Clean) and name an entry of the folder (os.ReadDir), without
// cleaning the whole path again for every file of a folder: an entry's
// name is a single element, so that only a folder "." (dropped) or
// ending with a separator (the root) differs from dir, a separator and
// name.
func joinName(dir, name string) string {
	if filepath.Separator != '/' || dir == "" || name == "" || name == "." || name == ".." ||
		strings.IndexByte(name, '/') >= 0 {
		return filepath.Join(dir, name)
	}
	switch {
	case dir == ".":
		return name
	case dir[len(dir)-1] == '/':
		return dir + name
	}
	return dir + "/" + name
}
