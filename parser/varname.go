package parser

import (
	"fmt"
	"strings"
)

// badName is the SL001 error of a statement of interest whose database
// is named by a variable (varNamed) or a reserved word (reservedNamed),
// nil for most: one look at the node's type for both (it is asked of
// every statement of interest).
func badName(n Node) error {
	var name *Name
	current := true // CURRENT is no name here (reservedName)
	switch x := n.(type) {
	case *Backup:
		name = &x.Database
	case *Restore:
		if x.Only != "" {
			return nil
		}
		name = &x.Database
	case *CreateDatabase:
		name = &x.Database
	case *AlterDatabase:
		name, current = &x.Database, false
	case *Use:
		name = &x.Database
	case *DropDatabase:
		if v := varNamed(n); v != nil {
			return varNameError(v)
		}
		if v := reservedNamed(n); v != nil {
			return reservedNameError(v)
		}
		return nil
	default:
		return nil
	}
	switch r := name.Raw; {
	case len(r) > 1 && r[0] == '@':
		if v := varNamed(n); v != nil { // (BACKUP and RESTORE take one)
			return varNameError(v)
		}
	case len(r) == 7:
		if v := reservedName(name, current); v != nil {
			return reservedNameError(v)
		}
	}
	return nil
}

// varNamed returns the @variable that names the database of a CREATE,
// ALTER or DROP DATABASE or a USE, where T-SQL takes only a name: SQL
// Server rejects CREATE DATABASE @name with a syntax error, so the
// statement never runs (BACKUP and RESTORE take a variable, and text
// built in a variable is run with EXEC or sp_executesql). nil for any
// other statement or name.
func varNamed(n Node) *Name {
	switch x := n.(type) {
	case *CreateDatabase:
		return varName(&x.Database)
	case *AlterDatabase:
		return varName(&x.Database)
	case *DropDatabase:
		for i := range x.Databases {
			if v := varName(&x.Databases[i]); v != nil {
				return v
			}
		}
	case *Use:
		return varName(&x.Database)
	}
	return nil
}

// varName is n when it is written as a local @variable, else nil.
func varName(n *Name) *Name {
	if r := n.Raw; len(r) > 1 && r[0] == '@' && r[1] != '@' {
		return n
	}
	return nil
}

// varNameError is the SL001 message for a statement whose database is
// named by variable v (varNamed).
func varNameError(v *Name) error {
	p := v.Span.Start.Position()
	return fmt.Errorf("the database must be named, not given by the variable %s (a syntax error for SQL Server); build the statement as text and run it with EXEC or sp_executesql (line %d, column %d)",
		v.Raw, p.Line, p.Column)
}

// reservedNamed returns the name of the database of a statement that is
// written as the bare reserved word CURRENT or PRIMARY where T-SQL takes
// only a name: BACKUP, RESTORE, CREATE and DROP DATABASE and USE (and
// ALTER DATABASE for PRIMARY; it takes CURRENT for the database of the
// connection). SQL Server stops there with a syntax error ("Incorrect
// syntax near the keyword 'CURRENT'"), so the statement never runs;
// [CURRENT] is a name. nil for any other statement or name.
func reservedNamed(n Node) *Name {
	switch x := n.(type) {
	case *Backup:
		return reservedName(&x.Database, true)
	case *Restore:
		if x.Only == "" {
			return reservedName(&x.Database, true)
		}
	case *CreateDatabase:
		return reservedName(&x.Database, true)
	case *AlterDatabase:
		return reservedName(&x.Database, false)
	case *DropDatabase:
		for i := range x.Databases {
			if v := reservedName(&x.Databases[i], true); v != nil {
				return v
			}
		}
	case *Use:
		return reservedName(&x.Database, true)
	}
	return nil
}

// reservedName is n when it is written as the bare word PRIMARY, or
// CURRENT when current is true, else nil.
func reservedName(n *Name, current bool) *Name {
	// (asked of every statement of interest: most names are told by
	// their length, and both words are ASCII without an s or a k, which
	// Unicode folds from other letters)
	if len(n.Raw) == 7 && (keywordFold(n.Raw, "PRIMARY") || current && keywordFold(n.Raw, "CURRENT")) {
		return n
	}
	return nil
}

// reservedNameError is the SL001 message for a statement whose database
// is named by the reserved word v (reservedNamed).
func reservedNameError(v *Name) error {
	p := v.Span.Start.Position()
	w := strings.ToUpper(v.Raw)
	return fmt.Errorf("%s is a reserved word, not a database name here (a syntax error for SQL Server; only ALTER DATABASE takes CURRENT): write the database's name, or [%s] for a database so named (line %d, column %d)",
		w, w, p.Line, p.Column)
}
