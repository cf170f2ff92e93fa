package parser

import (
	"fmt"
	"strings"
)

// badName is the SL001 error of a statement of interest whose database
// is named where T-SQL takes only a name, nil for most (it is asked of
// every statement of interest, and looks at the node's type once):
//
//   - by a local @variable, in CREATE, ALTER and DROP DATABASE and USE:
//     SQL Server rejects CREATE DATABASE @name with a syntax error, so
//     the statement never runs (BACKUP and RESTORE take a variable, and
//     text built in a variable is run with EXEC or sp_executesql);
//   - by the bare reserved word CURRENT or PRIMARY, in BACKUP, RESTORE,
//     CREATE and DROP DATABASE and USE (and ALTER DATABASE for PRIMARY;
//     it takes CURRENT for the database of the connection): SQL Server
//     stops there too ("Incorrect syntax near the keyword 'CURRENT'");
//     [CURRENT] is a name.
func badName(n Node) error {
	switch x := n.(type) {
	case *Backup:
		return badNameOf(&x.Database, true, true)
	case *Restore:
		if x.Only == "" {
			return badNameOf(&x.Database, true, true)
		}
	case *CreateDatabase:
		return badNameOf(&x.Database, false, true)
	case *AlterDatabase:
		return badNameOf(&x.Database, false, false)
	case *Use:
		return badNameOf(&x.Database, false, true)
	case *DropDatabase:
		for i := range x.Databases { // a variable anywhere first
			if v := varName(&x.Databases[i]); v != nil {
				return varNameError(v)
			}
		}
		for i := range x.Databases {
			if err := badNameOf(&x.Databases[i], true, true); err != nil {
				return err
			}
		}
	}
	return nil
}

// badNameOf is badName's answer for name: varOK when a variable may name
// the database, current when CURRENT is no name there.
func badNameOf(name *Name, varOK, current bool) error {
	if !varOK {
		if v := varName(name); v != nil {
			return varNameError(v)
		}
	}
	if len(name.Raw) != 7 { // (most names: reservedName's words have 7 bytes)
		return nil
	}
	if v := reservedName(name, current); v != nil {
		return reservedNameError(v)
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
// named by variable v (badName).
func varNameError(v *Name) error {
	p := v.Span.Start.Position()
	return fmt.Errorf("the database must be named, not given by the variable %s (a syntax error for SQL Server); build the statement as text and run it with EXEC or sp_executesql (line %d, column %d)",
		v.Raw, p.Line, p.Column)
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
// is named by the reserved word v (badName).
func reservedNameError(v *Name) error {
	p := v.Span.Start.Position()
	w := strings.ToUpper(v.Raw)
	return fmt.Errorf("%s is a reserved word, not a database name here (a syntax error for SQL Server; only ALTER DATABASE takes CURRENT): write the database's name, or [%s] for a database so named (line %d, column %d)",
		w, w, p.Line, p.Column)
}
