package analysis

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sqllint/sqllint/internal/fsread"
)

// DeployScripts is the pre- and post-deployment scripts of the SQL
// projects (.sqlproj) that folder dir belongs to, found as sqlProjects
// finds projects (dir and the folders above it, up to the repository's
// top): the scripts a publish runs before and after the project's
// objects, which include (:r) other scripts of the project, often with
// variables they set. A script of the project named alone reads them as
// context, so that a script they include is checked where they include
// it, as a scan of the project's folder checks it. A project file may
// come from a pull request: only regular .sql files inside the project's
// folder are taken (never a path that leaves it, nor a link).
// The paths are written as dir is (absLike).
func DeployScripts(dir string) []string {
	abs, rel, err := absLike(dir)
	if err != nil {
		return nil
	}
	var out []string
	for level := 0; level < maxSQLProjectLevels; level++ {
		if level > 0 && NoProjectFolder(abs) {
			break // no project above in the temporary or home folder, or the root
		}
		entries, _ := os.ReadDir(abs)
		repo := false
		for _, e := range entries {
			name := e.Name()
			repo = repo || name == ".git"
			if e.IsDir() || !strings.EqualFold(filepath.Ext(name), ".sqlproj") {
				continue
			}
			for _, inc := range deployItems(filepath.Join(abs, name)) {
				p := filepath.Join(abs, filepath.FromSlash(strings.ReplaceAll(inc, `\`, "/")))
				if inside(abs, p) && isSQL(p) {
					if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() {
						out = append(out, rel(p))
					}
				}
			}
		}
		up := filepath.Dir(abs)
		if repo || up == abs {
			break
		}
		abs = up
	}
	return out
}

// deployItems reads the Include of each PreDeploy and PostDeploy element
// of a project file, whatever its namespace.
func deployItems(path string) []string {
	data, err := fsread.ReadFile(path, maxSQLProjectSize)
	if err != nil {
		return nil
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil } // names are ASCII
	var items []string
	for {
		tok, err := d.Token()
		if err != nil {
			return items // a malformed part ends the read
		}
		if t, ok := tok.(xml.StartElement); ok && (t.Name.Local == "PreDeploy" || t.Name.Local == "PostDeploy") {
			for _, a := range t.Attr {
				if a.Name.Local == "Include" && a.Value != "" && len(a.Value) <= maxSQLProjectValue {
					items = append(items, a.Value)
				}
			}
		}
	}
}

// inside reports whether path p is in folder dir or below it.
func inside(dir, p string) bool {
	r, err := filepath.Rel(dir, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}
