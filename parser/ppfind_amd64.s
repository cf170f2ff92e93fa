//go:build amd64 && !purego

#include "textflag.h"

// CLASS32 leaves in reg the classes of the 32 bytes at SI+AX, each byte's
// with the byte before it, one bit a byte (set: a candidate): classes A
// (Y8-Y11) and, with b CLASSB, B (Y12, Y13, Y6, Y7); Y15 holds 0x0f in
// each byte, Y14 zeros.
#define CLASS32(b, reg) \
	VMOVDQU (SI)(AX*1), Y0 \
	VMOVDQU -1(SI)(AX*1), Y1 \
	VPSRLW  $4, Y0, Y2 \
	VPSRLW  $4, Y1, Y3 \
	VPAND   Y15, Y0, Y0 \
	VPAND   Y15, Y1, Y1 \
	VPAND   Y15, Y2, Y2 \
	VPAND   Y15, Y3, Y3 \
	VPSHUFB Y0, Y8, Y4 \
	VPSHUFB Y2, Y9, Y5 \
	VPAND   Y5, Y4, Y4 \
	VPSHUFB Y1, Y10, Y5 \
	VPAND   Y5, Y4, Y4 \
	VPSHUFB Y3, Y11, Y5 \
	VPAND   Y5, Y4, Y4 \
	b \
	VPCMPEQB  Y14, Y4, Y4 \
	VPMOVMSKB Y4, reg \
	NOTL      reg

#define CLASSB \
	VPSHUFB Y0, Y12, Y0 \
	VPSHUFB Y2, Y13, Y2 \
	VPAND   Y2, Y0, Y0 \
	VPSHUFB Y1, Y6, Y1 \
	VPAND   Y1, Y0, Y0 \
	VPSHUFB Y3, Y7, Y3 \
	VPAND   Y3, Y0, Y0 \
	VPOR    Y0, Y4, Y4

#define NOB

// The rows of ppFindTabs.lit (ppFindLits), from its offset 296.
#define LIT_QUOTE 296
#define LIT_BRACKET 328
#define LIT_DQUOTE 360
#define LIT_DOLLAR 392
#define LIT_FOLD 424
#define LIT_A 456
#define LIT_B 488
#define LIT_C 520
#define LIT_D 552
#define LIT_E 584
#define LIT_H 616
#define LIT_R 648
#define LIT_S 680
#define LIT_T 712
#define LIT_Z 744

// TRIPLE adds to Y4 the bytes of Y0 (folded) that are first, after
// which (Y1) is second, and after that (Y5) third.
#define TRIPLE(first, second, third) \
	VPCMPEQB first(DI), Y0, Y2 \
	VPCMPEQB second(DI), Y1, Y3 \
	VPAND    Y3, Y2, Y2 \
	VPCMPEQB third(DI), Y5, Y3 \
	VPAND    Y3, Y2, Y2 \
	VPOR     Y2, Y4, Y4

// func ppFindAVX2(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8)
TEXT ·ppFindAVX2(SB), NOSPLIT, $0-49
	MOVQ    p+0(FP), SI
	MOVQ    i+8(FP), AX
	MOVQ    lim+16(FP), DX
	MOVQ    t+24(FP), DI
	MOVBLZX mask+32(FP), R9
	CMPQ    DX, $33
	JLT     undone // no 32 bytes before lim with a byte before them
	LEAQ    ·ppPairTab(SB), R8
	VMOVDQU 256(DI), Y15
	VPXOR   Y14, Y14, Y14
	VMOVDQU 0(DI), Y8
	VMOVDQU 32(DI), Y9
	VMOVDQU 64(DI), Y10
	VMOVDQU 96(DI), Y11
	SUBQ    $32, DX // the last block's start
	CMPQ    288(DI), $0
	JEQ     loopa
	VMOVDQU 128(DI), Y12
	VMOVDQU 160(DI), Y13
	VMOVDQU 192(DI), Y6
	VMOVDQU 224(DI), Y7

loopab:
	CMPQ  AX, DX
	JGT   tailab
	CLASS32(CLASSB, BX)
	TESTL BX, BX
	JNZ   candab

nextab:
	ADDQ $32, AX
	JMP  loopab

candab:
	// the first candidate: a stop if its entry of ppPairTab has a bit of mask
	BSFL    BX, CX
	LEAQ    (AX)(CX*1), R11
	MOVWLZX -1(SI)(R11*1), R12
	MOVBLZX (R8)(R12*1), R12
	TESTB   R9, R12
	JNZ     quoted
	LEAL    -1(BX), CX
	ANDL    CX, BX
	JNZ     candab
	JMP     nextab

tailab:
	// the 32 bytes before lim, those before AX left out
	LEAQ  32(DX), CX
	CMPQ  AX, CX
	JGE   past
	MOVQ  AX, CX
	SUBQ  DX, CX
	MOVQ  DX, AX
	CLASS32(CLASSB, BX)
	SHRL  CX, BX
	SHLL  CX, BX
	TESTL BX, BX
	JNZ   candab
	JMP   none
	// (loud: A only)

loopa:
	CMPQ  AX, DX
	JGT   taila
	CLASS32(NOB, BX)
	TESTL BX, BX
	JNZ   canda

nexta:
	ADDQ $32, AX
	JMP  loopa

canda:
	// the first candidate: a stop if its entry of ppPairTab has a bit of mask
	BSFL    BX, CX
	LEAQ    (AX)(CX*1), R11
	MOVWLZX -1(SI)(R11*1), R12
	MOVBLZX (R8)(R12*1), R12
	TESTB   R9, R12
	JNZ     quoted
	LEAL    -1(BX), CX
	ANDL    CX, BX
	JNZ     canda
	JMP     nexta

taila:
	// the 32 bytes before lim, those before AX left out
	LEAQ  32(DX), CX
	CMPQ  AX, CX
	JGE   past
	MOVQ  AX, CX
	SUBQ  DX, CX
	MOVQ  DX, AX
	CLASS32(NOB, BX)
	SHRL  CX, BX
	SHLL  CX, BX
	TESTL BX, BX
	JNZ   canda
	JMP   none

quoted:
	// A stop at R11 (entry R12) that ppRun would pass over at once, a
	// quoted run or bracketed name closed in the 32 bytes after its
	// opening byte (ppFindSkip), is passed over here: the finder goes on
	// after it rather than return.
	MOVL  R12, R10
	ANDL  R9, R10
	TESTL $0xfc, R10 // a stop of a line start, or after a '<'
	JNZ   stop
	LEAQ  2(R11), R10
	CMPQ  R10, DX // the 34 bytes after it before lim
	JGE   stop
	MOVBLZX (SI)(R11*1), R10
	LEAQ  LIT_QUOTE(DI), R14 // the closing byte
	CMPL  R10, $0x27
	JEQ   closed
	LEAQ  LIT_BRACKET(DI), R14
	CMPL  R10, $0x5b
	JEQ   closed
	LEAQ  LIT_DQUOTE(DI), R14
	CMPL  R10, $0x22
	JNE   stop

closed:
	// the closing bytes (R13) and '$'s (R14) of the 32 bytes from R11+1
	VMOVDQU   1(SI)(R11*1), Y0
	VPCMPEQB  (R14), Y0, Y1
	VPMOVMSKB Y1, R13
	VPCMPEQB  LIT_DOLLAR(DI), Y0, Y2
	VPMOVMSKB Y2, R14

end:
	// the first of them, k in CX: the end unless a '$' or doubled
	MOVL  R13, CX
	ORL   R14, CX
	JZ    stop
	BSFL  CX, CX
	CMPL  CX, $31 // the byte after it is not here
	JGE   stop
	MOVL  R14, R10
	SHRL  CX, R10
	TESTL $1, R10 // a '$'
	JNZ   stop
	MOVL  R13, R10
	SHRL  CX, R10
	TESTL $2, R10
	JZ    single
	// doubled: on after the two
	ADDL  $2, CX
	CMPL  CX, $32
	JGE   stop
	SHRL  CX, R13
	SHLL  CX, R13
	JMP   end

single:
	MOVBLZX (SI)(R11*1), R10
	CMPL  R10, $0x27
	JNE   named
	TESTB $1, R9 // ppPPlain: the string may make the batch matter
	JZ    passed
	// NUL (ppStringMatters: 3 to 7 bytes, with the opening quote after
	// a doubled one, ending in l or a quote)
	CMPL    CX, $2
	JLT     triples
	CMPL    CX, $7
	JGT     triples
	LEAQ    (R11)(CX*1), R13
	MOVBLZX (SI)(R13*1), R13
	CMPL    R13, $0x27
	JEQ     stop
	ORL     $0x20, R13
	CMPL    R13, $0x6c
	JEQ     stop

triples:
	// the first three letters of a word ppStringMatters looks for: add,
	// bac, res, che, dat, dbc in any case, at each byte of the string
	// with two after it (ppStringMatters then looks at the whole word)
	CMPL      CX, $3
	JLT       passed
	VMOVDQU   2(SI)(R11*1), Y1
	VMOVDQU   3(SI)(R11*1), Y5
	VMOVDQU   LIT_FOLD(DI), Y3
	VPOR      Y3, Y0, Y0
	VPOR      Y3, Y1, Y1
	VPOR      Y3, Y5, Y5
	VMOVDQU   Y14, Y4
	TRIPLE(LIT_B, LIT_A, LIT_C)
	TRIPLE(LIT_R, LIT_E, LIT_S)
	TRIPLE(LIT_C, LIT_H, LIT_E)
	TRIPLE(LIT_D, LIT_A, LIT_T)
	TRIPLE(LIT_D, LIT_B, LIT_C)
	// those words start a word: not after a letter (add may be anywhere)
	VMOVDQU   (SI)(R11*1), Y2
	VPOR      LIT_FOLD(DI), Y2, Y2
	VPSUBB    LIT_A(DI), Y2, Y2
	VPMINUB   LIT_Z(DI), Y2, Y3
	VPCMPEQB  Y3, Y2, Y2
	VPANDN    Y4, Y2, Y4
	TRIPLE(LIT_A, LIT_D, LIT_D)
	VPMOVMSKB Y4, R13
	// only those inside the string: bits 0 to k-3
	MOVL      CX, R14
	NEGL      CX
	ADDL      $34, CX
	SHLL      CX, R13
	MOVL      R14, CX
	TESTL     R13, R13
	JNZ       stop
	JMP       passed

named:
	// a bracketed or double-quoted name of 13 to 15 bytes, while the
	// batch may be plain: the lengths of sp_dropdevice, DatabaseBackup
	// and sp_addumpdevice (ppNameMatters), left to ppRun
	TESTB $1, R9
	JZ    passed
	LEAL  -13(CX), R10
	CMPL  R10, $2
	JLS   stop

passed:
	// on right after the closing byte (R11+1+CX): in the block's
	// candidates when it is in the block, else from there
	LEAQ 2(R11)(CX*1), R13
	MOVQ R13, CX
	SUBQ AX, CX
	CMPQ CX, $32
	JGE  resume
	SHRL CX, BX
	SHLL CX, BX // (CX > 0: the flags are BX's)
	JNZ  more
	LEAQ 32(AX), R13 // none left in the block

resume:
	MOVQ R13, AX
	CMPQ 288(DI), $0
	JEQ  loopa
	JMP  loopab

more:
	CMPQ 288(DI), $0
	JEQ  canda
	JMP  candab

none:
	VZEROUPPER
	ADDQ $32, DX
	MOVQ DX, ret+40(FP)
	MOVB $0, ret1+48(FP)
	RET

stop:
	VZEROUPPER
	MOVQ R11, ret+40(FP)
	MOVB R12, ret1+48(FP)
	RET

past:
	VZEROUPPER

undone:
	// at or past lim, or not looked
	MOVQ AX, ret+40(FP)
	MOVB $0, ret1+48(FP)
	RET
