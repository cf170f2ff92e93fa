package rules

import "github.com/sqllint/sqllint/parser"

// Most rules look at few kinds of statement: SL304 at backups, SL302 at
// checkpoints, the zeroing rules at the statements that allocate or set a
// growth. Each of them went through every kept statement of a file to find
// its few (13 rules over every statement of a dense file). The engine
// indexes a file's effects once, by what the rules look for, and each of
// those rules visits only the effects of its kinds, in the same order.

// effectClass is what a rule looks for in an effect: the type of its
// statement's parsed form; or none, a statement the parser keeps no form
// of; or let go, a CREATE, ALTER or DROP DATABASE or USE whose form the
// model let go once replayed (see Model.slim).
type effectClass uint8

// Effect classes, one per type of parsed form, and two for none.
const (
	classNone effectClass = iota
	classLetGo
	classCreate
	classAlter
	classDrop
	classCheckpoint
	classBackup
	classRestore
	classTraceFlags
	classUse
	classNulBackup
	classBuiltRun
	classTempdbBuilt
	classDumpDevice
	classOtherNode // a form no case below names (none yet)
	numClasses
)

// classOf is the class of e's parsed form.
func classOf(e *Effect) effectClass {
	switch e.Stmt.Node.(type) {
	case nil:
		switch e.Stmt.Kind {
		case parser.KindCreateDatabase, parser.KindAlterDatabase, parser.KindDropDatabase, parser.KindUse:
			return classLetGo
		}
		return classNone
	case *parser.CreateDatabase:
		return classCreate
	case *parser.AlterDatabase:
		return classAlter
	case *parser.DropDatabase:
		return classDrop
	case *parser.Checkpoint:
		return classCheckpoint
	case *parser.Backup:
		return classBackup
	case *parser.Restore:
		return classRestore
	case *parser.TraceFlags:
		return classTraceFlags
	case *parser.Use:
		return classUse
	case *parser.NulBackup:
		return classNulBackup
	case *parser.BuiltRun:
		return classBuiltRun
	case *parser.TempdbBuilt:
		return classTempdbBuilt
	case *parser.DumpDevice:
		return classDumpDevice
	}
	return classOtherNode
}

// classSet is a set of effects a rule looks at: bit 2c is the effects of
// class c without an effectMore, bit 2c+1 those with one (allocations,
// growths, a restore, or what Model.slim kept of a form it let go).
type classSet uint32

// forms is the set of the effects whose parsed form is of one of the
// classes cs, with an effectMore or without.
func forms(cs ...effectClass) classSet {
	var s classSet
	for _, c := range cs {
		s |= 3 << (2 * c)
	}
	return s
}

// withMore is the set of the effects with an effectMore, of any class:
// those with allocations, growths or a restore (Allocs, Growths,
// Restore) are among them.
const withMore classSet = 0xAAAAAAAA & (1<<(2*numClasses) - 1)

// letGoWithMore is the set of the effects whose parsed form the model
// let go but with an effectMore: an ALTER DATABASE whose copy of its
// TARGET_RECOVERY_TIME = 0 Model.slim kept (targetRecovery).
const letGoWithMore classSet = 1 << (2*classLetGo + 1)

// effectSets are the sets rules look at (see indexed), and setsOf[k]
// the indices among them of the sets that hold the effects of key k
// (2*class, plus one with an effectMore).
var (
	effectSets []classSet
	setsOf     [2 * numClasses][]uint8
)

// setID is the index of a set in effectSets.
type setID uint8

// indexed registers set s for the engine to index and returns its ID
// (that of an equal set registered before): p.effects(id) lists its
// effects.
func indexed(s classSet) setID {
	for i, t := range effectSets {
		if t == s {
			return setID(i)
		}
	}
	id := len(effectSets)
	effectSets = append(effectSets, s)
	for k := range setsOf {
		if s&(1<<k) != 0 {
			setsOf[k] = append(setsOf[k], uint8(id))
		}
	}
	return setID(id)
}

// effectIndex is the index of the effects of the file being checked, by
// set: the indices in Model.Effects of each set's effects, in order. It
// is made once for all the rules of a file, when first asked for.
type effectIndex struct {
	made bool
	// ready is made, but for a test counting visits (countVisits):
	// effects then returns the lists at once
	ready bool
	sets  [][]int32 // by setID
	all   []int32   // 0..n-1, for scanAllEffects
}

// scanAllEffects makes every rule visit every effect, as before the
// index (a test checks that both give the same findings).
var scanAllEffects = false

// reset drops the index of the previous file; a huge script's lists are
// not kept (4 bytes a visit).
func (x *effectIndex) reset() {
	if !x.made && cap(x.all) <= keepEffects {
		return // no rule asked: the lists are as the last reset left them
	}
	x.made, x.ready = false, false
	for i, l := range x.sets {
		if cap(l) > keepEffects {
			x.sets[i] = nil
		} else {
			x.sets[i] = l[:0]
		}
	}
	if cap(x.all) > keepEffects {
		x.all = nil
	}
}

// effects returns the indices in p.Model.Effects, in order, of the
// effects of set id: every effect a rule looking at that set may report
// on.
func (p *Pass) effects(id setID) []int32 {
	// inlined: a dozen rules ask for a file's effects, indexed by the first
	if x := &p.Model.index; x.ready {
		return x.sets[id]
	}
	return p.effectsIndexed(id)
}

// effectsIndexed is effects, indexing the file's effects when no rule
// asked for them yet.
func (p *Pass) effectsIndexed(id setID) []int32 {
	m := p.Model
	x := &m.index
	if scanAllEffects {
		for len(x.all) < len(m.Effects) {
			x.all = append(x.all, int32(len(x.all)))
		}
		if countVisits != nil {
			countVisits(len(m.Effects), len(m.Effects))
		}
		return x.all[:len(m.Effects)]
	}
	if !x.made {
		x.made = true
		if len(x.sets) < len(effectSets) {
			x.sets = append(x.sets, make([][]int32, len(effectSets)-len(x.sets))...)
		}
		for i := range m.Effects {
			e := &m.Effects[i]
			k := 2 * int(classOf(e))
			if e.more != nil {
				k++
			}
			for _, s := range setsOf[k] {
				x.sets[s] = append(x.sets[s], int32(i))
			}
		}
	}
	if countVisits != nil {
		countVisits(len(x.sets[id]), len(m.Effects))
	}
	x.ready = countVisits == nil
	return x.sets[id]
}

// countVisits, when set (by a test), is told how many effects each call
// of Pass.effects returns, and how many the file has.
var countVisits func(visited, effects int)

// The effects the indexed rules look at.
var (
	// allocations and growths (SL201, SL202, SL203, SL209) and restores
	// (SL207): all in an effectMore
	moreEffects = indexed(withMore)
	// trace flags turned on, and those of text EXEC runs (SL204, SL205)
	traceFlagEffects = indexed(forms(classTraceFlags, classBuiltRun, classNulBackup))
	// DBCC SHRINKFILE after USE tempdb (no parsed form, and none let go:
	// those start with CREATE, ALTER, DROP or USE), ALTER DATABASE tempdb,
	// and tempdb's files added from variables (SL208)
	tempdbEffects = indexed(forms(classNone, classAlter, classTempdbBuilt))
	// TARGET_RECOVERY_TIME = 0 (SL301): an ALTER DATABASE, kept or let
	// go (its copy in an effectMore), or in text EXEC runs
	trtEffects = indexed(forms(classAlter, classBuiltRun, classNulBackup) | letGoWithMore)
	// CHECKPOINT, and in text EXEC runs (SL302)
	checkpointEffects = indexed(forms(classCheckpoint, classBuiltRun, classNulBackup))
	// BACKUP, and backups to NUL through a procedure or variables (SL304)
	backupEffects = indexed(forms(classBackup, classNulBackup))
)
