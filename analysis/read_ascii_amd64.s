//go:build amd64 && !purego

#include "textflag.h"

// func asciiAVX2(b []byte) int
//
// A byte is from 1 to 0x7f when it is greater than zero as a signed
// byte: 128 bytes at a time, the signed minimum of four registers is
// compared with zero, then 32 at a time for what is left. It returns the
// start of the first block with a byte that is not, or the end of the
// last whole block of 32.
TEXT ·asciiAVX2(SB), NOSPLIT, $0-32
	MOVQ   b_base+0(FP), SI
	MOVQ   b_len+8(FP), DX
	XORQ   AX, AX
	VPXOR  Y15, Y15, Y15
	MOVQ   DX, CX
	SUBQ   $128, CX // the last start of a block of 128
	JLT    loop32

loop128:
	CMPQ      AX, CX
	JGT       loop32
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VMOVDQU   64(SI)(AX*1), Y2
	VMOVDQU   96(SI)(AX*1), Y3
	VPMINSB   Y1, Y0, Y0
	VPMINSB   Y3, Y2, Y2
	VPMINSB   Y2, Y0, Y0
	VPCMPGTB  Y15, Y0, Y0 // Y0 > 0, byte by byte
	VPMOVMSKB Y0, BX
	CMPL      BX, $0xffffffff
	JNE       loop32 // this block holds one: its blocks of 32 tell where
	ADDQ      $128, AX
	JMP       loop128

loop32:
	MOVQ      DX, CX
	SUBQ      $32, CX // the last start of a block of 32
	JLT       done

next32:
	CMPQ      AX, CX
	JGT       done
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPGTB  Y15, Y0, Y0
	VPMOVMSKB Y0, BX
	CMPL      BX, $0xffffffff
	JNE       done
	ADDQ      $32, AX
	JMP       next32

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
