package tdstest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf16"
)

// TDS packet types.
const (
	packSQLBatch  = 1
	packRPC       = 3
	packReply     = 4
	packAttention = 6
	packTransMgr  = 14
	packLogin7    = 16
	packPrelogin  = 18
)

// Token types.
const (
	tokReturnStatus = 0x79
	tokColMetadata  = 0x81
	tokError        = 0xAA
	tokInfo         = 0xAB
	tokLoginAck     = 0xAD
	tokRow          = 0xD1
	tokEnvChange    = 0xE3
	tokDone         = 0xFD
	tokDoneProc     = 0xFE
	tokDoneInProc   = 0xFF
)

// DONE status bits.
const (
	doneFinal = 0x00
	doneMore  = 0x01
	doneError = 0x02
	doneCount = 0x10
	doneAttn  = 0x20
)

const curCmdSelect = 0xC1

// Data types (TYPE_INFO ids).
const (
	typeNull      = 0x1F
	typeInt1      = 0x30
	typeBit       = 0x32
	typeInt2      = 0x34
	typeInt4      = 0x38
	typeDateTim4  = 0x3A
	typeFlt4      = 0x3B
	typeMoney     = 0x3C
	typeDateTime  = 0x3D
	typeFlt8      = 0x3E
	typeMoney4    = 0x7A
	typeInt8      = 0x7F
	typeGUID      = 0x24
	typeIntN      = 0x26
	typeBitN      = 0x68
	typeDecimalN  = 0x6A
	typeNumericN  = 0x6C
	typeFltN      = 0x6D
	typeMoneyN    = 0x6E
	typeDateTimeN = 0x6F
	typeDateN     = 0x28
	typeTimeN     = 0x29
	typeDateTime2 = 0x2A
	typeDTOffset  = 0x2B
	typeBigVarBin = 0xA5
	typeBigVarChr = 0xA7
	typeBigBinary = 0xAD
	typeBigChar   = 0xAF
	typeNVarChar  = 0xE7
	typeNChar     = 0xEF
)

// ColType is the SQL type of a result column.
type ColType int

// Column types the server can send.
const (
	Int      ColType = iota + 1 // int NOT NULL (INT4)
	BigInt                      // bigint NOT NULL (INT8)
	SmallInt                    // smallint NOT NULL (INT2)
	Bit                         // bit NOT NULL (BIT)
	IntN                        // int NULL (INTN, 4 bytes)
	BigIntN                     // bigint NULL (INTN, 8 bytes)
	BitN                        // bit NULL (BITN)
	NVarChar                    // nvarchar(4000) NULL (NVARCHAR)
)

// collation is SQL_Latin1_General_CP1_CI_AS.
var collation = []byte{0x09, 0x04, 0xD0, 0x00, 0x34}

// tokens builds a token stream.
type tokens struct{ b []byte }

func (t *tokens) u8(v byte)    { t.b = append(t.b, v) }
func (t *tokens) u16(v uint16) { t.b = binary.LittleEndian.AppendUint16(t.b, v) }
func (t *tokens) u32(v uint32) { t.b = binary.LittleEndian.AppendUint32(t.b, v) }
func (t *tokens) u64(v uint64) { t.b = binary.LittleEndian.AppendUint64(t.b, v) }

// bvarchar writes a B_VARCHAR: a character count byte and UCS-2.
func (t *tokens) bvarchar(s string) {
	u := utf16.Encode([]rune(s))
	if len(u) > 255 {
		u = u[:255]
	}
	t.u8(byte(len(u)))
	for _, c := range u {
		t.u16(c)
	}
}

// usvarchar writes a US_VARCHAR: a character count ushort and UCS-2.
func (t *tokens) usvarchar(s string) {
	u := utf16.Encode([]rune(s))
	if len(u) > math.MaxUint16 {
		u = u[:math.MaxUint16]
	}
	t.u16(uint16(len(u)))
	for _, c := range u {
		t.u16(c)
	}
}

func ucs2(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2*len(u))
	for _, c := range u {
		b = binary.LittleEndian.AppendUint16(b, c)
	}
	return b
}

func fromUCS2(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return string(utf16.Decode(u))
}

// lengthPrefixed writes a token whose body is preceded by its ushort length.
func (t *tokens) lengthPrefixed(tok byte, body func(*tokens)) {
	var inner tokens
	body(&inner)
	t.u8(tok)
	t.u16(uint16(len(inner.b)))
	t.b = append(t.b, inner.b...)
}

func (t *tokens) done(tok byte, status, curCmd uint16, rows uint64) {
	t.u8(tok)
	t.u16(status)
	t.u16(curCmd)
	t.u64(rows)
}

func (t *tokens) message(tok byte, m Message, server string) {
	t.lengthPrefixed(tok, func(in *tokens) {
		in.u32(uint32(m.Number))
		in.u8(m.State)
		in.u8(m.Class)
		in.usvarchar(m.Text)
		in.bvarchar(server)
		in.bvarchar("") // procedure
		in.u32(uint32(m.Line))
	})
}

func (t *tokens) envChange(typ byte, newValue, oldValue string) {
	t.lengthPrefixed(tokEnvChange, func(in *tokens) {
		in.u8(typ)
		in.bvarchar(newValue)
		in.bvarchar(oldValue)
	})
}

func (t *tokens) loginAck(tdsVersion uint32, progName string, version [4]byte) {
	t.lengthPrefixed(tokLoginAck, func(in *tokens) {
		in.u8(1) // SQL_TSQL
		in.b = binary.BigEndian.AppendUint32(in.b, tdsVersion)
		in.bvarchar(progName)
		in.b = append(in.b, version[:]...)
	})
}

func (t *tokens) colMetadata(cols []Column) error {
	t.u8(tokColMetadata)
	t.u16(uint16(len(cols)))
	for _, c := range cols {
		t.u32(0) // user type
		nullable := uint16(0)
		switch c.Type {
		case IntN, BigIntN, BitN, NVarChar:
			nullable = 1
		}
		t.u16(nullable)
		switch c.Type {
		case Int:
			t.u8(typeInt4)
		case BigInt:
			t.u8(typeInt8)
		case SmallInt:
			t.u8(typeInt2)
		case Bit:
			t.u8(typeBit)
		case IntN:
			t.u8(typeIntN)
			t.u8(4)
		case BigIntN:
			t.u8(typeIntN)
			t.u8(8)
		case BitN:
			t.u8(typeBitN)
			t.u8(1)
		case NVarChar:
			t.u8(typeNVarChar)
			t.u16(8000)
			t.b = append(t.b, collation...)
		default:
			return fmt.Errorf("tdstest: column %q: unknown type %d", c.Name, c.Type)
		}
		t.bvarchar(c.Name)
	}
	return nil
}

func (t *tokens) row(cols []Column, vals []any) error {
	if len(vals) != len(cols) {
		return fmt.Errorf("tdstest: row has %d values for %d columns", len(vals), len(cols))
	}
	t.u8(tokRow)
	for i, c := range cols {
		v := deref(vals[i])
		switch c.Type {
		case Int, BigInt, SmallInt, Bit:
			if v == nil {
				return fmt.Errorf("tdstest: column %q is NOT NULL", c.Name)
			}
		}
		switch c.Type {
		case Int:
			n, err := toInt(v)
			if err != nil {
				return err
			}
			t.u32(uint32(int32(n)))
		case BigInt:
			n, err := toInt(v)
			if err != nil {
				return err
			}
			t.u64(uint64(n))
		case SmallInt:
			n, err := toInt(v)
			if err != nil {
				return err
			}
			t.u16(uint16(int16(n)))
		case Bit:
			bv, err := toBool(v)
			if err != nil {
				return err
			}
			t.u8(b2i(bv))
		case IntN, BigIntN:
			if v == nil {
				t.u8(0)
				continue
			}
			n, err := toInt(v)
			if err != nil {
				return err
			}
			if c.Type == IntN {
				t.u8(4)
				t.u32(uint32(int32(n)))
			} else {
				t.u8(8)
				t.u64(uint64(n))
			}
		case BitN:
			if v == nil {
				t.u8(0)
				continue
			}
			bv, err := toBool(v)
			if err != nil {
				return err
			}
			t.u8(1)
			t.u8(b2i(bv))
		case NVarChar:
			if v == nil {
				t.u16(0xFFFF)
				continue
			}
			s, ok := v.(string)
			if !ok {
				s = fmt.Sprint(v)
			}
			b := ucs2(s)
			if len(b) > 8000 {
				return fmt.Errorf("tdstest: column %q: value longer than 4000 characters", c.Name)
			}
			t.u16(uint16(len(b)))
			t.b = append(t.b, b...)
		}
	}
	return nil
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// deref turns typed nil pointers into nil and pointers into their values.
func deref(v any) any {
	switch p := v.(type) {
	case *int:
		if p == nil {
			return nil
		}
		return *p
	case *int64:
		if p == nil {
			return nil
		}
		return *p
	case *bool:
		if p == nil {
			return nil
		}
		return *p
	case *string:
		if p == nil {
			return nil
		}
		return *p
	}
	return v
}

func toInt(v any) (int64, error) {
	switch n := v.(type) {
	case int:
		return int64(n), nil
	case int8:
		return int64(n), nil
	case int16:
		return int64(n), nil
	case int32:
		return int64(n), nil
	case int64:
		return n, nil
	case uint8:
		return int64(n), nil
	case uint16:
		return int64(n), nil
	case uint32:
		return int64(n), nil
	case bool:
		return int64(b2i(n)), nil
	}
	return 0, fmt.Errorf("tdstest: %v (%T) is not an integer", v, v)
}

func toBool(v any) (bool, error) {
	switch b := v.(type) {
	case bool:
		return b, nil
	default:
		n, err := toInt(v)
		return n != 0, err
	}
}

// reader reads request payloads.
type reader struct {
	b   []byte
	pos int
}

var errShort = errors.New("tdstest: request too short")

func (r *reader) need(n int) error {
	if n < 0 || r.pos+n > len(r.b) {
		return errShort
	}
	return nil
}

func (r *reader) u8() (byte, error) {
	if err := r.need(1); err != nil {
		return 0, err
	}
	v := r.b[r.pos]
	r.pos++
	return v, nil
}

func (r *reader) u16() (uint16, error) {
	if err := r.need(2); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint16(r.b[r.pos:])
	r.pos += 2
	return v, nil
}

func (r *reader) u32() (uint32, error) {
	if err := r.need(4); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint32(r.b[r.pos:])
	r.pos += 4
	return v, nil
}

func (r *reader) u64() (uint64, error) {
	if err := r.need(8); err != nil {
		return 0, err
	}
	v := binary.LittleEndian.Uint64(r.b[r.pos:])
	r.pos += 8
	return v, nil
}

func (r *reader) bytes(n int) ([]byte, error) {
	if err := r.need(n); err != nil {
		return nil, err
	}
	v := r.b[r.pos : r.pos+n]
	r.pos += n
	return v, nil
}

func (r *reader) bvarchar() (string, error) {
	n, err := r.u8()
	if err != nil {
		return "", err
	}
	b, err := r.bytes(2 * int(n))
	if err != nil {
		return "", err
	}
	return fromUCS2(b), nil
}

// skipAllHeaders skips the ALL_HEADERS block of a batch or RPC request.
func (r *reader) skipAllHeaders() error {
	if err := r.need(4); err != nil {
		return err
	}
	total := binary.LittleEndian.Uint32(r.b[r.pos:])
	if total < 4 || int(total) > len(r.b)-r.pos {
		return fmt.Errorf("tdstest: bad ALL_HEADERS length %d", total)
	}
	r.pos += int(total)
	return nil
}

// param reads one RPC parameter: name, status, TYPE_INFO and value.
func (r *reader) param() (name string, value any, err error) {
	if name, err = r.bvarchar(); err != nil {
		return
	}
	if _, err = r.u8(); err != nil { // status flags
		return
	}
	typ, err := r.u8()
	if err != nil {
		return
	}
	switch typ {
	case typeNull:
		return name, nil, nil
	case typeInt1, typeBit, typeInt2, typeInt4, typeInt8, typeDateTim4, typeFlt4,
		typeMoney, typeDateTime, typeFlt8, typeMoney4:
		size := map[byte]int{typeInt1: 1, typeBit: 1, typeInt2: 2, typeInt4: 4, typeInt8: 8,
			typeDateTim4: 4, typeFlt4: 4, typeMoney: 8, typeDateTime: 8, typeFlt8: 8, typeMoney4: 4}[typ]
		b, err := r.bytes(size)
		if err != nil {
			return name, nil, err
		}
		return name, decodeFixed(typ, b), nil
	case typeIntN, typeBitN, typeFltN, typeMoneyN, typeDateTimeN, typeGUID,
		typeDecimalN, typeNumericN, typeDateN, typeTimeN, typeDateTime2, typeDTOffset:
		switch typ {
		case typeDateN:
		case typeTimeN, typeDateTime2, typeDTOffset:
			if _, err = r.u8(); err != nil { // scale
				return
			}
		default:
			if _, err = r.u8(); err != nil { // max size
				return
			}
			if typ == typeDecimalN || typ == typeNumericN {
				if _, err = r.bytes(2); err != nil { // precision, scale
					return
				}
			}
		}
		n, err := r.u8()
		if err != nil {
			return name, nil, err
		}
		if n == 0 {
			return name, nil, nil
		}
		b, err := r.bytes(int(n))
		if err != nil {
			return name, nil, err
		}
		switch typ {
		case typeIntN:
			return name, decodeInt(b), nil
		case typeBitN:
			return name, b[0] != 0, nil
		}
		return name, append([]byte(nil), b...), nil
	case typeBigVarBin, typeBigVarChr, typeBigBinary, typeBigChar, typeNVarChar, typeNChar:
		maxLen, err := r.u16()
		if err != nil {
			return name, nil, err
		}
		if typ == typeBigVarChr || typ == typeBigChar || typ == typeNVarChar || typ == typeNChar {
			if _, err = r.bytes(5); err != nil { // collation
				return name, nil, err
			}
		}
		var b []byte
		if maxLen == 0xFFFF {
			b, err = r.plp()
		} else {
			var n uint16
			n, err = r.u16()
			if err == nil && n != 0xFFFF {
				b, err = r.bytes(int(n))
				if b == nil {
					b = []byte{}
				}
			}
		}
		if err != nil || b == nil {
			return name, nil, err
		}
		switch typ {
		case typeNVarChar, typeNChar:
			return name, fromUCS2(b), nil
		case typeBigVarChr, typeBigChar:
			return name, string(b), nil
		}
		return name, append([]byte(nil), b...), nil
	}
	return name, nil, fmt.Errorf("tdstest: parameter %s: unsupported type 0x%02X", name, typ)
}

// plp reads a partially length-prefixed value; nil for NULL.
func (r *reader) plp() ([]byte, error) {
	total, err := r.u64()
	if err != nil {
		return nil, err
	}
	if total == 0xFFFFFFFFFFFFFFFF {
		return nil, nil
	}
	out := []byte{}
	for {
		n, err := r.u32()
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return out, nil
		}
		b, err := r.bytes(int(n))
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
	}
}

func decodeInt(b []byte) int64 {
	switch len(b) {
	case 1:
		return int64(b[0])
	case 2:
		return int64(int16(binary.LittleEndian.Uint16(b)))
	case 4:
		return int64(int32(binary.LittleEndian.Uint32(b)))
	case 8:
		return int64(binary.LittleEndian.Uint64(b))
	}
	return 0
}

func decodeFixed(typ byte, b []byte) any {
	switch typ {
	case typeInt1, typeInt2, typeInt4, typeInt8:
		return decodeInt(b)
	case typeBit:
		return b[0] != 0
	case typeFlt8:
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	case typeFlt4:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	}
	return append([]byte(nil), b...)
}
