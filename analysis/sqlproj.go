package analysis

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sqllint/sqllint/internal/fsread"
)

// sqlProjects knows the SQLCMD variables of the SQL projects (.sqlproj:
// SQL Server Data Tools, Microsoft.Build.Sql, Redgate SQL Change
// Automation) that scanned scripts belong to. The scripts of such a
// project use its variables without defining them: the project declares
// them (<SqlCmdVariable Include="Name">) and the publish step gives their
// values, as it gives those of the variables every publish script
// defines (DatabaseName, DefaultDataPath, DefaultLogPath,
// DefaultFilePrefix; DeployPath for SQL Change Automation). Such a
// variable is not undefined (SL002): its value is unknown, as that of
// sqlcmd's own variables.
//
// A script belongs to the projects found in its folder and the folders
// above it, up to the first that holds .git (the repository) or the
// file system's root. Folders are looked at only for a script that uses
// a variable it does not define, once each.
type sqlProjects struct {
	cwd string
	mu  sync.Mutex
	// dirs holds, by absolute folder, the variables (upper case) the
	// projects of the folder and of those above it declare; nil: none.
	dirs map[string]map[string]bool
}

// sqlProjectBuiltins are the variables the publish script of a SQL
// project defines itself.
var sqlProjectBuiltins = []string{"DATABASENAME", "DEFAULTDATAPATH", "DEFAULTLOGPATH", "DEFAULTFILEPREFIX", "DEPLOYPATH"}

// maxSQLProjectSize bounds the read of a project file (a project file
// comes with the scripts, from a pull request too).
const maxSQLProjectSize = 8 << 20

// maxSQLProjectLevels bounds how many folders above a script are looked at.
const maxSQLProjectLevels = 32

// declared is parser.PreprocessOptions.Declared.
func (p *sqlProjects) declared(root, name string) bool {
	if root == "" {
		return false
	}
	dir := filepath.Dir(root)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(p.cwd, dir)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.varsOf(dir, 0)[strings.ToUpper(name)]
}

// varsOf is the variables the projects of dir and the folders above it
// declare (p.mu held).
func (p *sqlProjects) varsOf(dir string, level int) map[string]bool {
	if vars, ok := p.dirs[dir]; ok {
		return vars
	}
	if p.dirs == nil {
		p.dirs = map[string]map[string]bool{}
	}
	var vars map[string]bool
	entries, _ := os.ReadDir(dir) // an unreadable folder holds no project
	repo := false
	for _, e := range entries {
		name := e.Name()
		if name == ".git" {
			repo = true
		}
		if !strings.EqualFold(filepath.Ext(name), ".sqlproj") || e.IsDir() {
			continue
		}
		names, err := sqlProjectVariables(filepath.Join(dir, name))
		if err != nil {
			continue // not a project sqllint can read: as if absent
		}
		if vars == nil {
			vars = map[string]bool{}
			for _, b := range sqlProjectBuiltins {
				vars[b] = true
			}
		}
		for _, n := range names {
			vars[strings.ToUpper(n)] = true
		}
	}
	if up := filepath.Dir(dir); !repo && up != dir && level < maxSQLProjectLevels {
		if above := p.varsOf(up, level+1); len(above) > 0 {
			if vars == nil {
				vars = above // shared: never written once cached
			} else {
				for n := range above {
					vars[n] = true
				}
			}
		}
	}
	p.dirs[dir] = vars
	return vars
}

// sqlProjectVariables reads the SQLCMD variables a project file declares:
// the Include of each SqlCmdVariable element, whatever its namespace.
func sqlProjectVariables(path string) ([]string, error) {
	data, err := fsread.ReadFile(path, maxSQLProjectSize)
	if err != nil {
		return nil, err
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil } // names are ASCII
	var names []string
	for {
		// A malformed part ends the read: what was read before it counts.
		tok, err := d.Token()
		if err != nil {
			return names, nil //nolint:nilerr // the project is there, only its rest is not read
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "SqlCmdVariable" {
			for _, a := range se.Attr {
				if a.Name.Local == "Include" && a.Value != "" {
					names = append(names, a.Value)
				}
			}
		}
	}
}
