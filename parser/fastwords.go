package parser

import "strings"

// The fast parser's keywords. The recognizer asks of most tokens it reads
// whether they are one keyword or another (ADD, then FILE, then LOG ...):
// on a dense script those tests were about 4% of the instructions, most
// of it keywordFold's byte loop and its call. A keyword is now a code
// whose folded bytes are at hand (fwKeys), and word compares a token of
// its length with it 8 bytes at a time, in one call: most tests end at
// the length. A word matches a keyword as strings.EqualFold says
// (participle's CaseInsensitive), which word checks against keywordFold.

// fword is the fast parser's code of a word (Token.fw).
type fword uint8

const (
	// the words the recognizer names, as its grammar writes them
	fwADD fword = iota
	fwAFTER
	fwALGORITHM
	fwALTER
	fwAS
	fwATTACH
	fwATTACH_FORCE_REBUILD_LOG
	fwATTACH_REBUILD_LOG
	fwBACKUP
	fwCHECKPOINT
	fwCOLLATE
	fwCOMPRESSION
	fwCONTAINMENT
	fwCONTAINS
	fwCONVERSATION
	fwCOUNTERSIGNATURE
	fwCREATE
	fwCURRENT
	fwDATABASE
	fwDATABASE_SNAPSHOT
	fwDBCC
	fwDEFAULT
	fwDISK
	fwDROP
	fwDUMP
	fwEXISTS
	fwFILE
	fwFILEGROUP
	fwFILEGROWTH
	fwFILELISTONLY
	fwFILENAME
	fwFILESTREAM
	fwFOR
	fwFROM
	fwGB
	fwGET
	fwHEADERONLY
	fwIF
	fwIMMEDIATE
	fwKB
	fwLABELONLY
	fwLOAD
	fwLOG
	fwMAXSIZE
	fwMB
	fwMEMORY_OPTIMIZED_DATA
	fwMINUTES
	fwMIRROR
	fwMODIFY
	fwMOVE
	fwNAME
	fwNEWNAME
	fwNO_INFOMSGS
	fwNO_WAIT
	fwOF
	fwOFF
	fwOFFLINE
	fwON
	fwPAGE
	fwPRIMARY
	fwREAD_WRITE_FILEGROUPS
	fwRECEIVE
	fwREMOVE
	fwRESTORE
	fwREWINDONLY
	fwROLLBACK
	fwSECONDS
	fwSELECT
	fwSEND
	fwSET
	fwSIGNATURE
	fwSIZE
	fwSNAPSHOT
	fwTAPE
	fwTARGET_RECOVERY_TIME
	fwTB
	fwTO
	fwTRACEOFF
	fwTRACEON
	fwURL
	fwUSE
	fwVERIFYONLY
	fwVIRTUAL_DEVICE
	fwWITH

	fwCount // the number of codes
)

// fwNames are the words of the codes, upper case.
var fwNames = [fwCount]string{
	fwADD: "ADD", fwAFTER: "AFTER", fwALGORITHM: "ALGORITHM", fwALTER: "ALTER", fwAS: "AS",
	fwATTACH: "ATTACH", fwATTACH_FORCE_REBUILD_LOG: "ATTACH_FORCE_REBUILD_LOG",
	fwATTACH_REBUILD_LOG: "ATTACH_REBUILD_LOG", fwBACKUP: "BACKUP", fwCHECKPOINT: "CHECKPOINT",
	fwCOLLATE: "COLLATE", fwCOMPRESSION: "COMPRESSION", fwCONTAINMENT: "CONTAINMENT",
	fwCONTAINS: "CONTAINS", fwCONVERSATION: "CONVERSATION", fwCOUNTERSIGNATURE: "COUNTERSIGNATURE",
	fwCREATE: "CREATE", fwCURRENT: "CURRENT", fwDATABASE: "DATABASE",
	fwDATABASE_SNAPSHOT: "DATABASE_SNAPSHOT", fwDBCC: "DBCC", fwDEFAULT: "DEFAULT", fwDISK: "DISK",
	fwDROP: "DROP", fwDUMP: "DUMP", fwEXISTS: "EXISTS", fwFILE: "FILE", fwFILEGROUP: "FILEGROUP",
	fwFILEGROWTH: "FILEGROWTH", fwFILELISTONLY: "FILELISTONLY", fwFILENAME: "FILENAME",
	fwFILESTREAM: "FILESTREAM", fwFOR: "FOR", fwFROM: "FROM", fwGB: "GB", fwGET: "GET",
	fwHEADERONLY: "HEADERONLY", fwIF: "IF", fwIMMEDIATE: "IMMEDIATE", fwKB: "KB",
	fwLABELONLY: "LABELONLY", fwLOAD: "LOAD", fwLOG: "LOG", fwMAXSIZE: "MAXSIZE", fwMB: "MB",
	fwMEMORY_OPTIMIZED_DATA: "MEMORY_OPTIMIZED_DATA", fwMINUTES: "MINUTES", fwMIRROR: "MIRROR",
	fwMODIFY: "MODIFY", fwMOVE: "MOVE", fwNAME: "NAME", fwNEWNAME: "NEWNAME",
	fwNO_INFOMSGS: "NO_INFOMSGS", fwNO_WAIT: "NO_WAIT", fwOF: "OF", fwOFF: "OFF",
	fwOFFLINE: "OFFLINE", fwON: "ON", fwPAGE: "PAGE", fwPRIMARY: "PRIMARY",
	fwREAD_WRITE_FILEGROUPS: "READ_WRITE_FILEGROUPS", fwRECEIVE: "RECEIVE", fwREMOVE: "REMOVE",
	fwRESTORE: "RESTORE", fwREWINDONLY: "REWINDONLY", fwROLLBACK: "ROLLBACK", fwSECONDS: "SECONDS",
	fwSELECT: "SELECT", fwSEND: "SEND", fwSET: "SET", fwSIGNATURE: "SIGNATURE", fwSIZE: "SIZE",
	fwSNAPSHOT: "SNAPSHOT", fwTAPE: "TAPE", fwTARGET_RECOVERY_TIME: "TARGET_RECOVERY_TIME",
	fwTB: "TB", fwTO: "TO", fwTRACEOFF: "TRACEOFF", fwTRACEON: "TRACEON", fwURL: "URL",
	fwUSE: "USE", fwVERIFYONLY: "VERIFYONLY",
	fwVIRTUAL_DEVICE: "VIRTUAL_DEVICE", fwWITH: "WITH",
}

// The lookup reads a word of up to 16 bytes as two 8-byte numbers, its
// first 8 bytes and its last 8 (fewer for a short one), as keywordAt
// does: one test finds a byte that is not ASCII, and a word folded to
// upper case (kwFold) is compared with a table word whole. Every word of
// the table is made of the letters A-Z and "_", and a byte folds to one
// of them only when it is that letter in either case, or "_", or DEL
// (0x7F, which folds to "_"): a word with a DEL is none of them, and is
// told apart before. The few longer words are compared a byte at a time.

// fwKey is a keyword as word compares it (none is longer than 24 bytes):
// its first 8 bytes, its last 8 (0 for a word of 8 or fewer) and the 8
// after the first (0 for a word of 16 or fewer), folded to upper case
// (kwFold), the mask that keeps and folds the first min(n, 8) bytes of a
// token, its length, and whether it holds a "_" (which DEL, 0x7F, folds
// to as well).
type fwKey struct {
	lo, hi, mid, mask uint64
	n                 uint8
	under             bool
}

// fwKeys are the keys of the codes.
var fwKeys = func() (keys [fwCount]fwKey) {
	for w, s := range fwNames {
		n := len(s)
		k := &keys[w]
		k.n, k.under = uint8(n), strings.Contains(s, "_")
		k.mask = kwMask[min(n, 8)]
		k.lo = loadShort(s, 0, min(n, 8))
		if n > 24 {
			panic("parser: a fast keyword longer than 24 bytes: " + s)
		}
		if n > 8 {
			k.hi = loadShort(s, n-8, 8)
		}
		if n > 16 {
			k.mid = loadShort(s, 8, 8)
		}
	}
	return keys
}()

// fwASCII has the top bit of each of 8 bytes.
const fwASCII = 0x8080808080808080
