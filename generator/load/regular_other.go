//go:build !unix

package load

const openNonBlock = 0
