//go:build unix

package load

import "syscall"

// openNonBlock opens a named pipe that replaced a regular file without waiting for a writer.
const openNonBlock = syscall.O_NONBLOCK
