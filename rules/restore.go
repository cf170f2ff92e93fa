package rules

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// The measured restore of the public figures: the same database restored
// without and with instant file initialization.
const restoreMeasured = "measured: a restore took 28 min 03 s without IFI, 16 s with it"

var sl207 = &Rule{
	ID: "SL207", Name: "restore-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, optZeroingBudget},
	Doc:     docSL207,
	Run: func(p *Pass) {
		effects := p.effects(moreEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		rate, budget := p.Opt("zeroing-rate"), p.Opt("zeroing-budget")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			facts := p.Model.factsAt(e, p.Facts()) // none on another server
			re := e.Restore()
			if re == nil || len(re.Files) == 0 {
				continue // silent when no size is known
			}
			if r, ok := e.Stmt.Node.(*parser.Restore); ok && metadataOnly(r) {
				continue // a snapshot restore: the files are the storage snapshot's, none is written
			}
			if re.Sizes != SizesHistory && onlyDefaultSizes(re.Files) {
				continue // no size is known: see onlyDefaultSizes
			}
			data, logBytes := re.Bytes(false), re.Bytes(true)
			tde := e.usesTDE()
			ifiOn, ifiOff := false, false
			if ifi := facts.ifi(); ifi != nil {
				ifiOn, ifiOff = *ifi && !tde, !*ifi
			}
			if ifiOn {
				data = 0 // the server skips zeroing the data files
			}
			if data == 0 && logBytes == 0 {
				continue
			}
			dataSec, logSec := ZeroingSeconds(data, rate), ZeroingSeconds(logBytes, rate)
			// a size a DBCC SHRINKFILE target left is a lower bound
			dataMin, logMin := re.AtLeast(false), re.AtLeast(true)
			var parts []string
			if data > 0 {
				parts = append(parts, fmt.Sprintf("data files %s%s, %s%s without Instant File Initialization", atLeast(dataMin), formatBytes(data), atLeast(dataMin), aboutSeconds(dataSec)))
			}
			if logBytes > 0 {
				parts = append(parts, fmt.Sprintf("log %s%s, %s%s, IFI or not", atLeast(logMin), formatBytes(logBytes), atLeast(logMin), aboutSeconds(logSec)))
			}
			var msg string
			switch {
			case re.FileRestore:
				msg = fmt.Sprintf("file restore of %s (sizes of the files it restores) creates the files it restores anew%s and zero-fills them: %s (at %s MB/s; %s)",
					dbName(e), replaceNote(re), strings.Join(parts, "; "), formatNumber(rate), restoreMeasured)
			case re.PartialRestore:
				msg = fmt.Sprintf("partial restore of %s (%s) creates the files of the primary filegroup, of the filegroups it names and of the log anew%s and zero-fills them: %s (at %s MB/s; %s)",
					dbName(e), restoreOrigin(e, re), replaceNote(re), strings.Join(parts, "; "), formatNumber(rate), restoreMeasured)
			default:
				msg = fmt.Sprintf("restore of %s (%s) creates every file anew%s and zero-fills it: %s (at %s MB/s; %s)",
					dbName(e), restoreOrigin(e, re), replaceNote(re), strings.Join(parts, "; "), formatNumber(rate), restoreMeasured)
			}
			if re.Partial {
				msg += "; the scripts do not show every file of the database with its size, so these are lower bounds"
			}
			if tde && data > 0 {
				msg += "; the database uses TDE, which rules out IFI for its data files"
			}
			f := p.report(e.Stmt.Span(), nil, msg)
			switch {
			case ifiOff:
				f.Confirmed = facts.Server
				f.Message += facts.ifiOffNote()
				if dataSec+logSec > budget {
					estText, budgetText := formatOverBudget(dataSec+logSec, budget)
					f.Severity = raise(f.Severity)
					f.Message += fmt.Sprintf(", so the restore waits %sabout %s, over the %s budget", atLeast(dataMin && data > 0 || logMin), estText, budgetText)
				}
			case ifiOn:
				f.Confirmed = facts.Server
				f.Message += "; IFI is on on " + facts.Server + ", so the data files are not zero-filled"
			case facts != nil && re.Sizes == SizesHistory, tde && facts.encrypted(e):
				f.Confirmed = facts.Server
			}
		}
	},
}

// atLeast is the words that make a size or a time a lower bound when
// min is set: "at least ".
func atLeast(lower bool) string {
	if lower {
		return "at least "
	}
	return ""
}

// onlyDefaultSizes reports whether every file a restore creates has the
// size SQL Server gives a file created without SIZE (8 MB): the model's
// sizes of a database the scripts created without any, not a size they
// know the backup to hold (rows go in before the backup), and never
// reported by SL201/SL202 either. Such a restore is silent, as one of
// unknown sizes (its zero-fill would read 0.1 s a file in any case).
func onlyDefaultSizes(files []Alloc) bool {
	for _, f := range files {
		if f.Bytes != defaultFileSize {
			return false
		}
	}
	return len(files) > 0
}

// restoreOrigin says where the sizes of the restored files come from.
func restoreOrigin(e *Effect, re *RestoreEffect) string {
	switch re.Sizes {
	case SizesBackup:
		at := ""
		if re.Backup != nil {
			pos := *re.Backup
			if e.Stmt.Span().Start.Position().Path == pos.Path {
				at = fmt.Sprintf(" at line %d", pos.Line)
			} else {
				at = fmt.Sprintf(" at %s:%d", pos.Path, pos.Line)
			}
		}
		return fmt.Sprintf("from the backup of %s%s", shown(re.Source), at)
	case SizesHistory:
		s := fmt.Sprintf("from the latest full backup of %s in the server's backup history", shown(re.Source))
		if re.Finished != "" {
			s += " (" + re.Finished + ")"
		}
		return s
	case SizesReplaced:
		return "sizes of the database it replaces"
	}
	return ""
}

func replaceNote(re *RestoreEffect) string {
	if re.Replace {
		return " (WITH REPLACE too)"
	}
	return ""
}

// metadataOnly reports whether r is WITH METADATA_ONLY, or SNAPSHOT, its
// synonym: the restore of a snapshot backup (Transact-SQL, SQL Server 2022,
// or a VDI one), which attaches the files the storage snapshot put in
// place and writes none of them.
func metadataOnly(r *parser.Restore) bool {
	for _, o := range r.Options {
		if o.Name == "METADATA_ONLY" || o.Name == "SNAPSHOT" {
			return true
		}
	}
	return false
}
