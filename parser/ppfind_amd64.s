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
	JNZ     stop
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
	JNZ     stop
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
