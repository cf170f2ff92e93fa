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
// sqlcmd's own variables; but where a command needs its value (the path
// of an include: :r $(Scripts)\file.sql), the value the project gives it
// (<DefaultValue>, else a <Value> that names no MSBuild property), as the
// project's build resolves the includes of its scripts.
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
	dirs map[string]map[string]projectVar
}

// projectVar is a variable a project declares, and the value it gives.
type projectVar struct {
	value string
	known bool // the project gives a value
}

// sqlProjectBuiltins are the variables the publish script of a SQL
// project defines itself.
var sqlProjectBuiltins = []string{"DATABASENAME", "DEFAULTDATAPATH", "DEFAULTLOGPATH", "DEFAULTFILEPREFIX", "DEPLOYPATH"}

// maxSQLProjectSize bounds the read of a project file (a project file
// comes with the scripts, from a pull request too).
const maxSQLProjectSize = 8 << 20

// maxSQLProjectValue bounds a variable's value taken from a project file.
const maxSQLProjectValue = 4096

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
	_, ok := p.varsOf(dir, 0)[strings.ToUpper(name)]
	return ok
}

// value is parser.PreprocessOptions.ProjectValue.
func (p *sqlProjects) value(root, name string) (string, bool) {
	if root == "" {
		return "", false
	}
	dir := filepath.Dir(root)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(p.cwd, dir)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	v := p.varsOf(dir, 0)[strings.ToUpper(name)]
	return v.value, v.known
}

// varsOf is the variables the projects of dir and the folders above it
// declare (p.mu held).
func (p *sqlProjects) varsOf(dir string, level int) map[string]projectVar {
	if vars, ok := p.dirs[dir]; ok {
		return vars
	}
	if p.dirs == nil {
		p.dirs = map[string]map[string]projectVar{}
	}
	var vars map[string]projectVar
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
		declared, err := sqlProjectVariables(filepath.Join(dir, name))
		if err != nil {
			continue // not a project sqllint can read: as if absent
		}
		if vars == nil {
			vars = map[string]projectVar{}
			for _, b := range sqlProjectBuiltins {
				vars[b] = projectVar{}
			}
		}
		for _, d := range declared {
			// of two projects of the folder, the first that gives a value
			if n := strings.ToUpper(d.name); !vars[n].known {
				vars[n] = d.projectVar
			}
		}
	}
	// no project above in a folder that holds no one project (the
	// temporary or home folder, the root: NoProjectFolder)
	if up := filepath.Dir(dir); !repo && up != dir && level < maxSQLProjectLevels && !NoProjectFolder(up) {
		if above := p.varsOf(up, level+1); len(above) > 0 {
			if vars == nil {
				vars = above // shared: never written once cached
			} else {
				for n, v := range above {
					if _, ok := vars[n]; !ok { // the nearest project's
						vars[n] = v
					}
				}
			}
		}
	}
	p.dirs[dir] = vars
	return vars
}

// declaredVar is a variable a project file declares.
type declaredVar struct {
	name string
	projectVar
}

// sqlProjectVariables reads the SQLCMD variables a project file declares:
// the Include of each SqlCmdVariable element, whatever its namespace,
// with the value it gives (its DefaultValue, else a Value without an
// MSBuild property's $(...) in it).
func sqlProjectVariables(path string) ([]declaredVar, error) {
	data, err := fsread.ReadFile(path, maxSQLProjectSize)
	if err != nil {
		return nil, err
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil } // names are ASCII
	var vars []declaredVar
	cur := -1            // the SqlCmdVariable being read, in vars
	var def, val *string // its DefaultValue and Value
	var text *string     // the element whose text is being read
	for {
		// A malformed part ends the read: what was read before it counts.
		tok, err := d.Token()
		if err != nil {
			return vars, nil //nolint:nilerr // the project is there, only its rest is not read
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch {
			case t.Name.Local == "SqlCmdVariable":
				cur, def, val, text = -1, nil, nil, nil
				for _, a := range t.Attr {
					if a.Name.Local == "Include" && a.Value != "" {
						vars = append(vars, declaredVar{name: a.Value})
						cur = len(vars) - 1
					}
				}
			case cur >= 0 && t.Name.Local == "DefaultValue":
				def = new(string)
				text = def
			case cur >= 0 && t.Name.Local == "Value":
				val = new(string)
				text = val
			}
		case xml.CharData:
			if text != nil {
				*text += string(t)
			}
		case xml.EndElement:
			text = nil
			if t.Name.Local == "SqlCmdVariable" && cur >= 0 {
				v := &vars[cur]
				switch {
				case def != nil && len(*def) > maxSQLProjectValue, val != nil && len(*val) > maxSQLProjectValue:
					// no path of a file: as if it gave none
				case def != nil && strings.TrimSpace(*def) != "":
					v.value, v.known = strings.TrimSpace(*def), true
				case val != nil && strings.TrimSpace(*val) != "" && !strings.Contains(*val, "$("):
					v.value, v.known = strings.TrimSpace(*val), true
				}
				cur = -1
			}
		}
	}
}
