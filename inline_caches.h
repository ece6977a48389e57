/* Inline caches for the attribute reads and writes, method calls and subscripts of Cython's output
 * (build_native.py).
 *
 * CPython 3.11's interpreter specialises each `obj.name` and `obj.method(...)` site to what it found
 * there last: a type check, then a read at an offset or a call. Cython's generic calls instead look
 * the name up in the type's hierarchy, call the descriptor and probe dictionaries at every read,
 * which made compiled code slower than Python on the engines' slotted states. Here each call site
 * keeps its own cache, keyed by the type's version tag, which CPython changes whenever the type or
 * one of its bases changes: a hit finds exactly what the generic look-up would have found, and
 * anything the cache does not know takes the generic path. */
#ifndef CARDTOOLS_INLINE_CACHES_H
#define CARDTOOLS_INLINE_CACHES_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#if defined(__GNUC__) && PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000 && !defined(Py_LIMITED_API)

enum { CT_EMPTY, CT_SLOT, CT_INSTANCE, CT_METHOD, CT_CLASS, CT_TUPLE_FIELD };

typedef struct {
    unsigned int version;   /* the type's version tag when filled */
    int kind;               /* CT_SLOT: a __slots__ member; CT_INSTANCE: none in the type (the
                               instance's dict holds it); CT_METHOD: a function in the type;
                               CT_CLASS: a plain value in the type, of instances without a dict;
                               CT_TUPLE_FIELD: a named tuple's field */
    Py_ssize_t offset;      /* CT_SLOT: where the member's value is in the object; CT_TUPLE_FIELD: the
                               field's index in the tuple */
    PyObject *method;       /* CT_METHOD: the function (borrowed: its type holds it while the version stands) */
    uint64_t dict_version;  /* CT_INSTANCE: the version of the instance dict last read (CPython gives every
                               dict a new, unique one at each change) … */
    PyObject *value;        /* … and the value found there (borrowed: that dict holds it while unchanged);
                               CT_CLASS: the type's value (borrowed: the type holds it while the version stands) */
} ct_cache;

/* The type's attribute `name` if the type's version tag is valid (the look-up assigns one), else
 * NULL with *valid 0. Borrowed. */
static PyObject *ct_type_lookup(PyTypeObject *tp, PyObject *name, int *valid) {
    PyObject *found = _PyType_Lookup(tp, name);
    *valid = tp->tp_getattro == PyObject_GenericGetAttr && PyType_HasFeature(tp, Py_TPFLAGS_VALID_VERSION_TAG)
             && tp->tp_version_tag != 0;
    return found;
}

/* A named tuple's field, as collections.namedtuple makes it (_collections._tuplegetter): its layout
 * in CPython 3.11's Modules/_collectionsmodule.c, which exports no header for it. */
typedef struct {
    PyObject_HEAD
    Py_ssize_t index;
    PyObject *doc;
} ct_tuplegetter;

static inline int ct_is_tuplegetter(PyObject *found) {
    return strcmp(Py_TYPE(found)->tp_name, "_collections._tuplegetter") == 0;
}

/* The instance's own dictionary, or NULL. Borrowed. */
static inline PyObject *ct_instance_dict(PyObject *obj) {
    PyObject **where = _PyObject_GetDictPtr(obj);
    return where == NULL ? NULL : *where;
}

static PyObject *ct_getattr_fill(PyObject *obj, PyObject *name, ct_cache *cache) {
    PyTypeObject *tp = Py_TYPE(obj);
    int valid;
    PyObject *found = ct_type_lookup(tp, name, &valid);
    if (valid) {
        if (found != NULL && Py_IS_TYPE(found, &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
            if (member->type == T_OBJECT_EX && !(member->flags & PY_AUDIT_READ)) {
                cache->kind = CT_SLOT;
                cache->offset = member->offset;
                cache->version = tp->tp_version_tag;
            }
        } else if (found == NULL && tp->tp_dictoffset != 0) {
            cache->kind = CT_INSTANCE;
            cache->version = tp->tp_version_tag;
        } else if (found != NULL && tp->tp_dictoffset == 0 && Py_TYPE(found)->tp_descr_get == NULL
                   && PyType_HasFeature(Py_TYPE(found), Py_TPFLAGS_IMMUTABLETYPE)) {
            /* a class attribute such as a table declared on the class, read through an instance that
               has no dict to shadow it: the value itself is the answer (its type, a built-in one,
               can never become a descriptor) */
            cache->kind = CT_CLASS;
            cache->value = found;
            cache->version = tp->tp_version_tag;
        } else if (found != NULL && PyType_IsSubtype(tp, &PyTuple_Type) && ct_is_tuplegetter(found)) {
            /* `ctx.player` of a named tuple: the item at the field's index (a data descriptor: no
               instance dict can shadow it) */
            cache->kind = CT_TUPLE_FIELD;
            cache->offset = ((ct_tuplegetter *)found)->index;
            cache->version = tp->tp_version_tag;
        }
    }
    return PyObject_GetAttr(obj, name);
}

static inline PyObject *ct_getattr(PyObject *obj, PyObject *name, ct_cache *cache) {
    if (Py_TYPE(obj)->tp_version_tag == cache->version) {
        PyObject *value = NULL;
        if (cache->kind == CT_SLOT) {
            value = *(PyObject **)((char *)obj + cache->offset);
        } else if (cache->kind == CT_CLASS) {
            value = cache->value;
        } else if (cache->kind == CT_TUPLE_FIELD) {
            if (cache->offset < PyTuple_GET_SIZE(obj))       /* (else the generic read raises) */
                value = PyTuple_GET_ITEM(obj, cache->offset);
        } else if (cache->kind == CT_INSTANCE) {
            PyObject *dict = ct_instance_dict(obj);
            if (dict != NULL) {
                uint64_t version = ((PyDictObject *)dict)->ma_version_tag;
                if (version == cache->dict_version) {
                    value = cache->value;
                } else {
                    value = PyDict_GetItemWithError(dict, name);
                    if (value != NULL) {
                        cache->dict_version = version;
                        cache->value = value;
                    }
                }
            }
        }
        if (value != NULL) {
            Py_INCREF(value);
            return value;
        }
    }
    return ct_getattr_fill(obj, name, cache);      /* (an empty slot or key raises there) */
}

static PyObject *ct_callmethod_fill(PyObject *name, PyObject *const *args, size_t nargsf, ct_cache *cache) {
    PyTypeObject *tp = Py_TYPE(args[0]);
    int valid;
    PyObject *found = ct_type_lookup(tp, name, &valid);
    if (valid && found != NULL && PyType_HasFeature(Py_TYPE(found), Py_TPFLAGS_METHOD_DESCRIPTOR)) {
        cache->kind = CT_METHOD;
        cache->method = found;
        cache->version = tp->tp_version_tag;
    }
    return PyObject_VectorcallMethod(name, args, nargsf, NULL);
}

static inline PyObject *ct_callmethod(PyObject *name, PyObject *const *args, size_t nargsf, ct_cache *cache) {
    PyObject *obj = args[0];
    if (Py_TYPE(obj)->tp_version_tag == cache->version && cache->kind == CT_METHOD) {
        PyObject *dict = Py_TYPE(obj)->tp_dictoffset == 0 ? NULL : ct_instance_dict(obj);
        if (dict == NULL || PyDict_GetItemWithError(dict, name) == NULL) {     /* (not shadowed by the instance) */
            if (PyErr_Occurred())
                return NULL;
            return PyObject_Vectorcall(cache->method, args, nargsf, NULL);
        }
    }
    return ct_callmethod_fill(name, args, nargsf, cache);
}

static int ct_setattr_fill(PyObject *obj, PyObject *name, PyObject *value, ct_cache *cache) {
    PyTypeObject *tp = Py_TYPE(obj);
    int valid;
    PyObject *found = ct_type_lookup(tp, name, &valid);
    if (valid && tp->tp_setattro == PyObject_GenericSetAttr && found != NULL
            && Py_IS_TYPE(found, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
        if (member->type == T_OBJECT_EX && !(member->flags & READONLY)) {
            cache->kind = CT_SLOT;
            cache->offset = member->offset;
            cache->version = tp->tp_version_tag;
        }
    }
    return PyObject_SetAttr(obj, name, value);
}

/* `obj.name = value` (never a deletion: Cython deletes through its own call) */
static inline int ct_setattr(PyObject *obj, PyObject *name, PyObject *value, ct_cache *cache) {
    if (Py_TYPE(obj)->tp_version_tag == cache->version && cache->kind == CT_SLOT) {
        PyObject **slot = (PyObject **)((char *)obj + cache->offset), *old = *slot;
        Py_INCREF(value);
        *slot = value;
        Py_XDECREF(old);
        return 0;
    }
    return ct_setattr_fill(obj, name, value, cache);
}

/* Cython's equality of two exact str (its own needs a full ordering comparison, PyUnicode_Compare):
 * the interpreter's test, with the hashes' shortcut. Defined here, Cython's is left out. */
#define __Pyx_DEFINED_PyObject_CompareStrStrBoolEq
static inline int __Pyx_PyObject_CompareStrStrBoolEq(PyObject *a, PyObject *b) {
    if (a == b)
        return 1;
    if (PyUnicode_GET_LENGTH(a) != PyUnicode_GET_LENGTH(b) || PyUnicode_KIND(a) != PyUnicode_KIND(b))
        return 0;
    Py_hash_t ha = ((PyASCIIObject *)a)->hash, hb = ((PyASCIIObject *)b)->hash;
    if (ha != -1 && hb != -1 && ha != hb)
        return 0;
    return memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), PyUnicode_GET_LENGTH(a) * PyUnicode_KIND(a)) == 0;
}

/* A list's or tuple's item at a non-negative int index below 2**30 (one digit), as a new
 * reference; NULL, with no error set, for anything else (the caller's generic path then answers, or
 * raises): what the interpreter's BINARY_SUBSCR_LIST_INT and _TUPLE_INT do, where Cython converts
 * the index through the number protocol. */
static inline PyObject *ct_item(PyObject *obj, PyObject *key) {
    if (!PyLong_CheckExact(key) || (Py_SIZE(key) != 0 && Py_SIZE(key) != 1))
        return NULL;
    Py_ssize_t i = Py_SIZE(key) == 0 ? 0 : (Py_ssize_t)((PyLongObject *)key)->ob_digit[0];
    PyObject *value = NULL;
    if (PyList_CheckExact(obj)) {
        if (i < PyList_GET_SIZE(obj))
            value = PyList_GET_ITEM(obj, i);
    } else if (PyTuple_CheckExact(obj)) {
        if (i < PyTuple_GET_SIZE(obj))
            value = PyTuple_GET_ITEM(obj, i);
    }
    Py_XINCREF(value);
    return value;
}

/* (a statement expression: each expansion, one call site, has its own static cache) */
#define CT_GETATTR(obj, name) ({ static ct_cache ct_site; ct_getattr((obj), (name), &ct_site); })
#define CT_CALLMETHOD(name, args, nargsf) \
    ({ static ct_cache ct_site; ct_callmethod((name), (args), (nargsf), &ct_site); })
#define CT_SETATTR(obj, name, value) ({ static ct_cache ct_site; ct_setattr((obj), (name), (value), &ct_site); })
/* (Cython's __Pyx_PyObject_GetItem is declared after this header, before its call sites) */
#define CT_GETITEM(obj, key) \
    ({ PyObject *ct_obj = (obj), *ct_key = (key), *ct_value = ct_item(ct_obj, ct_key); \
       ct_value != NULL ? ct_value : __Pyx_PyObject_GetItem(ct_obj, ct_key); })

#else   /* another compiler or Python: Cython's own calls */
#define CT_GETATTR(obj, name) PyObject_GetAttr((obj), (name))
#define CT_CALLMETHOD(name, args, nargsf) PyObject_VectorcallMethod((name), (args), (nargsf), NULL)
#define CT_SETATTR(obj, name, value) PyObject_SetAttr((obj), (name), (value))
#define CT_GETITEM(obj, key) __Pyx_PyObject_GetItem((obj), (key))
#endif
#endif
