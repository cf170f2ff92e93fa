package rules

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// tempdb is created anew, from its configured file sizes, at every start
// of the instance: file sizes set for it are not a one-time allocation
// (SL201, SL202) but a cost paid at every restart (SL208).

// isTempdb reports whether the statement acts on tempdb.
func isTempdb(e *Effect) bool { return e.DB != nil && e.DB.Key == "tempdb" }

// tempFile is a file of tempdb (see tempdbFiles).
type tempFile struct {
	Name string
	Log  bool
	Size int64
}

// tempdbStart is tempdb's files before the scripts: the server's in live
// mode, else SQL Server's defaults since SQL Server 2016 (a data file and
// a log file of 8 MB each).
func tempdbStart(facts *ServerFacts) map[string]*tempFile {
	files := map[string]*tempFile{}
	if facts != nil {
		if sd := facts.Databases["tempdb"]; sd != nil && sd.Exists && len(sd.Files) > 0 {
			for _, f := range sd.Files {
				files[strings.ToLower(f.Name)] = &tempFile{Name: f.Name, Log: f.Log, Size: f.Size}
			}
			return files
		}
	}
	files["tempdev"] = &tempFile{Name: "tempdev", Size: defaultFileSize}
	files["templog"] = &tempFile{Name: "templog", Log: true, Size: defaultFileSize}
	return files
}

// tempdbFiles applies one statement to tempdb's files. For tempdb the size
// a MODIFY FILE sets is the size the file is created with at the next
// start, smaller or not.
func tempdbFiles(files map[string]*tempFile, a *parser.AlterDatabase) {
	for _, f := range a.Files {
		if refusedSpec(f, 0) {
			return // SQL Server refuses the statement: nothing changes
		}
	}
	for _, f := range a.Files {
		key := strings.ToLower(f.Name)
		if key == "" && a.Action != parser.ActionModifyFile {
			key = fmt.Sprintf("#%d", len(files))
		}
		tempdbFile(files, a.Action, key, f)
	}
	if a.Action == parser.ActionRemoveFile {
		delete(files, strings.ToLower(a.FileName))
	}
}

// tempdbFile applies to tempdb's files the ADD FILE, ADD LOG FILE or
// MODIFY FILE of file f, held under key.
func tempdbFile(files map[string]*tempFile, action parser.AlterAction, key string, f parser.FileSpec) {
	switch action {
	case parser.ActionAddFile, parser.ActionAddLogFile:
		files[own(key)] = &tempFile{Name: own(f.Name), Log: f.Log, Size: specSize(f)}
	case parser.ActionModifyFile:
		df := files[key]
		if df == nil { // a file the server has: unknown size, the default
			df = &tempFile{Name: own(f.Name), Log: isLogName(f), Size: defaultFileSize}
			files[own(key)] = df
		}
		if b := explicitBytes(f); b > 0 {
			df.Size = b
		}
		if f.NewName != "" {
			delete(files, key)
			df.Name = own(f.NewName)
			files[own(strings.ToLower(f.NewName))] = df
		}
	}
}

// tempdbShrink applies to tempdb's files a DBCC SHRINKFILE (name,
// target_mb) run in tempdb: tempdb is created at its configured sizes,
// the last set by MODIFY FILE, DBCC SHRINKFILE or SHRINKDATABASE
// (Microsoft's page *Shrink the tempdb database*), so the file's size at
// the next start is the target when it is smaller. Without a target (or
// with 0, TRUNCATEONLY, NOTRUNCATE or EMPTYFILE), or for a file named
// by its id or not known, how far it shrinks is not known: nothing
// changes.
func tempdbShrink(files map[string]*tempFile, st *parser.Statement) {
	toks := st.Tokens()
	// DBCC SHRINKFILE ( name , target ) [;]
	if len(toks) < 7 || !strings.EqualFold(st.TokenText(toks[1]), "SHRINKFILE") || !isPunct(st, toks[2], "(") ||
		!isPunct(st, toks[4], ",") || toks[5].Kind != parser.TokNumber || !isPunct(st, toks[6], ")") {
		return
	}
	var name string
	switch toks[3].Kind {
	case parser.TokString, parser.TokNString:
		name = parser.StringValue(st.TokenText(toks[3]))
	case parser.TokIdent, parser.TokQuoted:
		name = parser.Unquote(st.TokenText(toks[3]))
	default:
		return
	}
	f := files[strings.ToLower(name)]
	mb, err := strconv.ParseInt(st.TokenText(toks[5]), 10, 64)
	if f == nil || err != nil || mb <= 0 || mb >= f.Size>>20 {
		return
	}
	f.Size = mb << 20
}

// Keys of tempdb's files whose name text built from variables gives
// (parser.TempdbBuilt): no file's name, lower-case, starts with a NUL.
const (
	builtKey   = "\x00built"
	perPassKey = "\x00loop" // a file a loop adds at each pass, counted once
)

// tempdbBuilt applies to tempdb's files those that text built from
// variables adds or modifies. A file whose name is built is a new one,
// under a key of its own; a MODIFY FILE of such a file is not read by
// the parser (which file it changes is not known).
func tempdbBuilt(files map[string]*tempFile, tb *parser.TempdbBuilt) {
	for _, bf := range tb.Files {
		key := strings.ToLower(bf.Name)
		if bf.NameBuilt {
			prefix := builtKey
			if bf.PerPass {
				prefix = perPassKey
			}
			n := len(files)
			for key = prefix + strconv.Itoa(n); files[key] != nil; key = prefix + strconv.Itoa(n) {
				n++
			}
		}
		tempdbFile(files, bf.Action, key, bf.FileSpec)
	}
}

// perPassFiles reports whether files holds a file a loop adds at each
// pass: the total of their sizes is then a lower bound.
func perPassFiles(files map[string]*tempFile) bool {
	for k := range files {
		if strings.HasPrefix(k, perPassKey) {
			return true
		}
	}
	return false
}

var sl208 = &Rule{
	ID: "SL208", Name: "tempdb-restart-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, {Name: "startup-budget", Default: 10, Unit: "s",
		Doc: "longest acceptable zero-fill of tempdb's files at each start of the instance"}},
	Doc: docSL208,
	Run: func(p *Pass) {
		effects := p.effects(tempdbEffects)
		if len(effects) == 0 {
			return
		}
		// the options are read when first needed: most files' effects
		// here are statements without a parsed form, none on tempdb
		var rate, budget float64
		haveOptions := false
		// tempdb's files live in the model: a static run checks file by
		// file, and the per-restart total spans the whole run, for each
		// server the scripts connect to.
		m := p.Model
		if m.tempdbFiles == nil {
			m.tempdbFiles, m.tempdbReported = map[string]map[string]*tempFile{}, map[string]bool{}
		}
		var arms *tempArms // the IF ... ELSE statements of e's script
		for _, i := range effects {
			e := &p.Model.Effects[i]
			if arms != nil && arms.script != e.Script {
				arms.walk.end(arms)
				arms = nil
			}
			if arms == nil && len(m.Scripts[e.Script].Branches) > 0 {
				arms = &tempArms{script: e.Script, walk: newArmWalk(m.Scripts[e.Script].Branches)}
			}
			tb, built := e.Stmt.Node.(*parser.TempdbBuilt)
			a, ok := e.Stmt.Node.(*parser.AlterDatabase)
			switch {
			case e.Stmt.Node == nil && e.Context == "tempdb" && isShrink(e.Stmt):
				// after USE tempdb: lowers the size tempdb is created
				// with at the next start
				if server := m.serverKey(e); !m.tempdbReported[server] {
					files := m.tempdbFiles[server]
					if files == nil {
						files = tempdbStart(m.factsAt(e, p.Facts()))
						m.tempdbFiles[server] = files
					}
					arms.step(e, files)
					tempdbShrink(files, e.Stmt)
				}
				continue
			case built:
			case !ok || !isTempdb(e):
				continue
			default:
				switch a.Action {
				case parser.ActionAddFile, parser.ActionAddLogFile, parser.ActionModifyFile, parser.ActionRemoveFile:
				default:
					continue
				}
			}
			server := m.serverKey(e)
			if m.tempdbReported[server] {
				continue
			}
			facts := m.factsAt(e, p.Facts()) // none on another server
			ifi := facts.ifi()
			ifiOn := ifi != nil && *ifi
			ifiOff := ifi != nil && !*ifi
			files := m.tempdbFiles[server]
			if files == nil {
				files = tempdbStart(facts)
				m.tempdbFiles[server] = files
			}
			arms.step(e, files)
			if built {
				tempdbBuilt(files, tb)
			} else {
				tempdbFiles(files, a)
				if a.Action == parser.ActionRemoveFile {
					continue
				}
			}
			var data, logBytes int64
			for _, f := range files {
				if f.Log {
					logBytes += f.Size
				} else {
					data += f.Size
				}
			}
			counted := data
			if ifiOn {
				counted = 0
			}
			if !haveOptions {
				rate, budget, haveOptions = p.Opt("zeroing-rate"), p.Opt("startup-budget"), true
			}
			sec := ZeroingSeconds(counted+logBytes, rate)
			if sec <= budget {
				continue
			}
			how := "the log always, the data files without Instant File Initialization"
			if ifiOn {
				how = "the log only: IFI is on on " + facts.Server
			}
			estText, budgetText := formatOverBudget(sec, budget)
			var f *Finding
			if perPassFiles(files) {
				f = p.Report(clauseSpan(e), nil,
					"tempdb is created anew at every start of the instance: with the sizes set here its files total at least %s of data and %s of log (%d files counted, but a loop adds one file per pass and each is counted once, so the total is a lower bound), and zero-filling them (%s) takes at least %s at %s MB/s at every restart, over the %s startup budget (measured: a 100 GB data file was zero-filled in 16 min 04 s without IFI, 12 s with it)",
					formatBytes(data), formatBytes(logBytes), len(files), how, estText, formatNumber(rate), budgetText)
			} else {
				f = p.Report(clauseSpan(e), nil,
					"tempdb is created anew at every start of the instance: with the sizes set here its %d files total %s of data and %s of log, and zero-filling them (%s) takes about %s at %s MB/s at every restart, over the %s startup budget (measured: a 100 GB data file was zero-filled in 16 min 04 s without IFI, 12 s with it)",
					len(files), formatBytes(data), formatBytes(logBytes), how, estText, formatNumber(rate), budgetText)
			}
			if ifiOn || ifiOff {
				f.Confirmed = facts.Server
			}
			if ifiOff {
				f.Message += facts.ifiOffNote()
			}
			m.tempdbReported[server] = true
		}
	},
}

// tempArms follows the IF ... ELSE statements of a script for SL208 (an
// armWalk): the two arms of one set tempdb's files from the same ones,
// and after it tempdb has the files of the arm whose sizes add up to
// more (SQL Server runs one arm, never both).
type tempArms struct {
	script int32
	walk   armWalk
	files  map[string]*tempFile // those of the statement stepped to
	open   []tempArm
}

// tempArm is an IF ... ELSE a tempArms is in: its server's files, as
// they were before it and as its THEN arm left them.
type tempArm struct {
	files     map[string]*tempFile
	pre, then map[string]*tempFile
}

// step moves a to effect e, whose server's files are files (a may be
// nil: no IF ... ELSE in the script).
func (a *tempArms) step(e *Effect, files map[string]*tempFile) {
	if a == nil {
		return
	}
	a.files = files
	a.walk.step(e.Stmt, a)
}

func (a *tempArms) enter() {
	a.open = append(a.open, tempArm{files: a.files, pre: cloneTempFiles(a.files)})
}

func (a *tempArms) elseArm() {
	t := &a.open[len(a.open)-1]
	t.then = cloneTempFiles(t.files)
	clear(t.files)
	maps.Copy(t.files, cloneTempFiles(t.pre))
}

func (a *tempArms) leave() {
	t := a.open[len(a.open)-1]
	a.open = a.open[:len(a.open)-1]
	if tempTotal(t.then) > tempTotal(t.files) {
		clear(t.files)
		maps.Copy(t.files, t.then)
	}
}

// cloneTempFiles is a copy of files that shares no file with it.
func cloneTempFiles(files map[string]*tempFile) map[string]*tempFile {
	c := make(map[string]*tempFile, len(files))
	for k, f := range files {
		cf := *f
		c[k] = &cf
	}
	return c
}

// tempTotal is the sizes of files added up.
func tempTotal(files map[string]*tempFile) int64 {
	var n int64
	for _, f := range files {
		n += f.Size
	}
	return n
}
