/* The C API of ivy._dispatch for other extensions (ivy/frontends/torch/_fast.c).
 *
 * ivy._dispatch publishes one capsule, "ivy._dispatch._C_API", pointing at an IvyDispatchAPI:
 *
 *     IvyDispatchAPI *api = PyCapsule_Import(IVY_DISPATCH_CAPSULE, 0);
 *     if (api != NULL && api->size < sizeof(IvyDispatchAPI)) api = NULL;   // an older build
 *
 * so that a caller that has already read its arguments' dtypes can make an Ivy call without the
 * dispatcher reading them again (the `dtype` read costs more than the rest of the dispatch on a
 * torch tensor), and the rules for when a backend function's native binding applies stay in one
 * place, ivy/_dispatch.c.
 */
#ifndef IVY_DISPATCH_API_H
#define IVY_DISPATCH_API_H

#include <Python.h>

#define IVY_DISPATCH_CAPSULE "ivy._dispatch._C_API"

typedef struct {
    size_t size; /* sizeof(IvyDispatchAPI) of the build that made it; fields are only appended */

    /* x.dtype: a new reference, or NULL with an exception set (as PyObject_GetAttr). */
    PyObject *(*dtype_of)(PyObject *x);

    /* fn(*args, **kwnames): exactly what calling fn does (same result, same exception, same
     * note), where dtypes, when not NULL, holds one entry per positional argument: args[i].dtype
     * already read by the caller (a borrowed reference), or NULL where not read or not an array.
     * When fn is an Ivy Dispatcher the given dtypes are used instead of reading them
     * again; any other callable is simply called. args follows the vectorcall convention
     * (PY_VECTORCALL_ARGUMENTS_OFFSET may be set in nargsf). */
    PyObject *(*call)(PyObject *fn, PyObject *const *args, size_t nargsf, PyObject *kwnames,
                      PyObject *const *dtypes);
} IvyDispatchAPI;

#endif
