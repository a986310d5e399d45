"""torch.nn.Module and layers, with torch's parameter names, initialisation and state dicts."""

from __future__ import annotations

import math
from collections import OrderedDict, namedtuple

import numpy as np

from .. import _core
from .. import _functions as F
from .._core import not_implemented
from .._tensor import Tensor, cast, wrap
from . import functional as Fn
from . import init


class Parameter(Tensor):
    """torch.nn.Parameter: a Tensor that a Module registers as a parameter."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        t = object.__new__(cls)
        if data is None:
            data = F.empty(0)
        t._data = data._data if isinstance(data, Tensor) else F.tensor(data)._data
        t._requires_grad = requires_grad
        return t

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + Tensor.__repr__(self)


class Buffer(Tensor):
    __slots__ = ("persistent",)

    def __new__(cls, data=None, *, persistent=True):
        t = object.__new__(cls)
        t._data = data._data if isinstance(data, Tensor) else F.tensor(data)._data
        t.persistent = persistent
        return t

    def __init__(self, data=None, *, persistent=True):
        pass


_IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])


class Module:
    """torch.nn.Module: parameters, buffers and submodules registered by attribute assignment."""

    training: bool
    _version = 1

    def __init__(self, *args, **kwargs):
        d = self.__dict__
        d["training"] = True
        d["_parameters"] = OrderedDict()
        d["_buffers"] = OrderedDict()
        d["_non_persistent_buffers_set"] = set()
        d["_modules"] = OrderedDict()
        d["_forward_hooks"] = OrderedDict()
        d["_forward_pre_hooks"] = OrderedDict()

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._remove(name)
            params[name] = value
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{type(value).__name__}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            params[name] = None
        elif isinstance(value, Module):
            if d.get("_modules") is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._remove(name)
            d["_modules"][name] = value
        elif d.get("_modules") is not None and name in d["_modules"]:
            if value is not None:
                raise TypeError(f"cannot assign '{type(value).__name__}' as child module "
                                f"'{name}' (torch.nn.Module or None expected)")
            d["_modules"][name] = None
        elif isinstance(value, Buffer):
            self.register_buffer(name, value, value.persistent)
        elif d.get("_buffers") is not None and name in d["_buffers"]:
            if value is not None and not isinstance(value, Tensor):
                raise TypeError(f"cannot assign '{type(value).__name__}' as buffer '{name}' "
                                "(torch.Tensor or None expected)")
            d["_buffers"][name] = value
        else:
            object.__setattr__(self, name, value)

    def _remove(self, name):
        d = self.__dict__
        for k in ("_parameters", "_buffers", "_modules"):
            if d.get(k) is not None:
                d[k].pop(name, None)
        d.pop(name, None)
        if d.get("_non_persistent_buffers_set") is not None:
            d["_non_persistent_buffers_set"].discard(name)

    def __getattr__(self, name):
        d = self.__dict__
        for k in ("_parameters", "_buffers", "_modules"):
            store = d.get(k)
            if store is not None and name in store:
                return store[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        d = self.__dict__
        for k in ("_parameters", "_buffers", "_modules"):
            if name in d.get(k, {}):
                del d[k][name]
                d["_non_persistent_buffers_set"].discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self._parameters) | set(self._buffers) |
                      set(self._modules))

    # -- registration ----------------------------------------------------------------------
    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        if "." in name or name == "":
            raise KeyError(f"buffer name can't contain \".\" or be empty, got {name!r}")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{type(tensor).__name__}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        self._remove(name)
        if isinstance(tensor, Buffer):
            tensor = wrap(tensor._data)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{type(param).__name__}' object to parameter "
                            f"'{name}' (torch.nn.Parameter or None required)")
        self._remove(name)
        self._parameters[name] = param

    def add_module(self, name, module):
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{type(module).__name__} is not a Module subclass")
        self._remove(name)
        self._modules[name] = module

    register_module = add_module

    def get_submodule(self, target):
        m = self
        if target == "":
            return m
        for part in target.split("."):
            m = getattr(m, part)
        return m

    def get_parameter(self, target):
        mod, _, name = target.rpartition(".")
        return getattr(self.get_submodule(mod), name)

    get_buffer = get_parameter

    # -- traversal -------------------------------------------------------------------------
    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        if memo is None:
            memo = set()
        if remove_duplicate:
            if id(self) in memo:
                return
            memo.add(id(self))
        yield prefix, self
        for name, m in self._modules.items():
            if m is None:
                continue
            yield from m.named_modules(memo, prefix + ("." if prefix else "") + name,
                                       remove_duplicate)

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def named_children(self):
        seen = set()
        for name, m in self._modules.items():
            if m is not None and id(m) not in seen:
                seen.add(id(m))
                yield name, m

    def children(self):
        for _, m in self.named_children():
            yield m

    def _named_members(self, store, prefix, recurse, remove_duplicate=True):
        seen = set()
        mods = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse \
            else [(prefix, self)]
        for mp, m in mods:
            for k, v in m.__dict__[store].items():
                if v is None or (remove_duplicate and id(v) in seen):
                    continue
                seen.add(id(v))
                yield mp + ("." if mp else "") + k, v

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    # -- state dicts -----------------------------------------------------------------------
    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if destination is None:
            destination = OrderedDict()
        for k, p in self._parameters.items():
            if p is not None:
                destination[prefix + k] = p if keep_vars else wrap(p._data)
        for k, b in self._buffers.items():
            if b is not None and k not in self._non_persistent_buffers_set:
                destination[prefix + k] = b if keep_vars else wrap(b._data)
        for k, m in self._modules.items():
            if m is not None:
                m.state_dict(destination=destination, prefix=prefix + k + ".",
                             keep_vars=keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """Load values (frontend Tensors, NumPy arrays, or anything with ``__array__`` such as
        real torch tensors) into the parameters and persistent buffers of the same names."""
        own = self.state_dict(keep_vars=True)
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        errors = []
        for k, target in own.items():
            if k not in state_dict:
                continue
            v = state_dict[k]
            if isinstance(v, Tensor):
                data = v._data
                vshape = tuple(v.shape)
            else:
                a = np.asarray(v)
                data = None
                vshape = a.shape
            if vshape != tuple(target.shape):
                errors.append(f"size mismatch for {k}: copying a param with shape {vshape} from "
                              f"checkpoint, the shape in current model is {tuple(target.shape)}.")
                continue
            if data is None:
                data = F.tensor(a)._data
            target._data = cast(data, target.dtype)
        if strict and (missing or unexpected):
            msg = []
            if missing:
                msg.append("Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing))
            if unexpected:
                msg.append("Unexpected key(s) in state_dict: " +
                           ", ".join(f'"{k}"' for k in unexpected))
            errors = msg + errors
        if errors:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" +
                               "\n\t".join(errors))
        return _IncompatibleKeys(missing, unexpected)

    # -- modes, conversion -----------------------------------------------------------------
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.__dict__["training"] = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            p.grad = None

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def _apply_float(self, dt):
        for _, t in list(self.named_parameters()) + list(self.named_buffers()):
            if t.dtype.is_floating_point or t.dtype.is_complex:
                t._data = cast(t._data, dt)
        return self

    def to(self, *args, **kwargs):
        dt = kwargs.get("dtype")
        for a in args:
            if isinstance(a, _core.dtype):
                dt = a
            elif isinstance(a, Tensor):
                dt = a.dtype
        if dt is not None:
            self._apply_float(_core.to_dtype(dt))
        return self

    def float(self):
        return self._apply_float(_core.float32)

    def double(self):
        return self._apply_float(_core.float64)

    def half(self):
        return self._apply_float(_core.float16)

    def bfloat16(self):
        return self._apply_float(_core.bfloat16)

    def type(self, dst_type):
        return self._apply_float(_core.to_dtype(dst_type))

    def cpu(self):
        return self

    def cuda(self, device=None):
        not_implemented("Module.cuda", "set the Ivy backend/device instead")

    def share_memory(self):
        return self

    # -- calling ---------------------------------------------------------------------------
    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"Module [{type(self).__name__}] is missing the required "
                                  "\"forward\" function")

    def __call__(self, *args, **kwargs):
        for hook in self._forward_pre_hooks.values():
            r = hook(self, args)
            if r is not None:
                args = r if isinstance(r, tuple) else (r,)
        out = self.forward(*args, **kwargs)
        for hook in self._forward_hooks.values():
            r = hook(self, args, out)
            if r is not None:
                out = r
        return out

    def register_forward_hook(self, hook, **kwargs):
        return _Handle(self._forward_hooks, hook)

    def register_forward_pre_hook(self, hook, **kwargs):
        return _Handle(self._forward_pre_hooks, hook)

    def extra_repr(self):
        return ""

    def __repr__(self):
        lines = []
        for k, m in self._modules.items():
            r = repr(m).replace("\n", "\n  ")
            lines.append(f"({k}): {r}")
        main = type(self).__name__ + "(" + self.extra_repr()
        if lines:
            main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"


class _Handle:
    _next = 0

    def __init__(self, store, hook):
        _Handle._next += 1
        self.id = _Handle._next
        self.store = store
        store[self.id] = hook

    def remove(self):
        self.store.pop(self.id, None)


# ------------------------------------------------------------------------------ containers

class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for k, m in args[0].items():
                self.add_module(k, m)
        else:
            for i, m in enumerate(args):
                self.add_module(str(i), m)

    def forward(self, input):
        for m in self._modules.values():
            input = m(input)
        return input

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return Sequential(OrderedDict(list(self._modules.items())[idx]))
        keys = list(self._modules)
        return self._modules[keys[idx]]

    def __setitem__(self, idx, module):
        self.add_module(list(self._modules)[idx], module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def append(self, module):
        self.add_module(str(len(self._modules)), module)
        return self


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        for m in modules or ():
            self.append(m)

    def append(self, module):
        self.add_module(str(len(self._modules)), module)
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def insert(self, index, module):
        items = list(self._modules.values())
        items.insert(index, module)
        self._modules.clear()
        for i, m in enumerate(items):
            self._modules[str(i)] = m

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ModuleList(list(self._modules.values())[idx])
        return list(self._modules.values())[idx]

    def __setitem__(self, idx, module):
        self.add_module(str(idx % len(self)), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules:
            self.update(modules)

    def update(self, modules):
        items = modules.items() if hasattr(modules, "items") else modules
        for k, m in items:
            self.add_module(k, m)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def values(self):
        return self._modules.values()

    def items(self):
        return self._modules.items()


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        for v in values or ():
            self.append(v)

    def append(self, value):
        if not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(str(len(self._parameters)), value)
        return self

    def __getitem__(self, idx):
        return list(self._parameters.values())[idx]

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())


class ParameterDict(Module):
    def __init__(self, parameters=None):
        super().__init__()
        for k, v in (parameters or {}).items():
            self[k] = v

    def __setitem__(self, key, value):
        if not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(key, value)

    def __getitem__(self, key):
        return self._parameters[key]

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def keys(self):
        return self._parameters.keys()

    def items(self):
        return self._parameters.items()

    def values(self):
        return self._parameters.values()


# -------------------------------------------------------------------------------- layers

def _dtype(dtype):
    return _core.to_dtype(dtype) if dtype is not None else _core.get_default_dtype()


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        dt = _dtype(dtype)
        self.weight = Parameter(F.empty(out_features, in_features, dtype=dt))
        self.bias = Parameter(F.empty(out_features, dtype=dt)) if bias else None
        if not bias:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.in_features
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return Fn.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


class NonDynamicallyQuantizableLinear(Linear):
    pass


class Bilinear(Module):
    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None,
                 dtype=None):
        super().__init__()
        dt = _dtype(dtype)
        bound = 1 / math.sqrt(in1_features)
        self.weight = Parameter(init.uniform_(F.empty(out_features, in1_features, in2_features,
                                                      dtype=dt), -bound, bound))
        if bias:
            self.bias = Parameter(init.uniform_(F.empty(out_features, dtype=dt), -bound, bound))
        else:
            self.register_parameter("bias", None)

    def forward(self, input1, input2):
        return Fn.bilinear(input1, input2, self.weight, self.bias)


def _tuple(v, n):
    return tuple(v) if isinstance(v, (list, tuple)) else (v,) * n


class _ConvNd(Module):
    _n = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", device=None, dtype=None,
                 output_padding=0):
        super().__init__()
        n = self._n
        if in_channels % groups or out_channels % groups:
            raise ValueError("in_channels and out_channels must be divisible by groups")
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"padding_mode must be one of zeros, reflect, replicate, circular")
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = _tuple(kernel_size, n)
        self.stride = _tuple(stride, n)
        self.padding = padding if isinstance(padding, str) else _tuple(padding, n)
        self.dilation = _tuple(dilation, n)
        self.output_padding = _tuple(output_padding, n)
        self.groups, self.padding_mode = groups, padding_mode
        dt = _dtype(dtype)
        if self._transposed:
            shape = (in_channels, out_channels // groups) + self.kernel_size
        else:
            shape = (out_channels, in_channels // groups) + self.kernel_size
        self.weight = Parameter(F.empty(*shape, dtype=dt))
        if bias:
            self.bias = Parameter(F.empty(out_channels, dtype=dt))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        if self._transposed:
            fn = {1: Fn.conv_transpose1d, 2: Fn.conv_transpose2d, 3: Fn.conv_transpose3d}[
                self._n]
            return fn(input, self.weight, self.bias, self.stride, self.padding,
                      self.output_padding, self.groups, self.dilation)
        fn = {1: Fn.conv1d, 2: Fn.conv2d, 3: Fn.conv3d}[self._n]
        if self.padding_mode != "zeros":
            p = self.padding
            if isinstance(p, str):
                not_implemented(f"Conv{self._n}d(padding={p!r}, padding_mode!='zeros')")
            pads = []
            for v in reversed(p):
                pads += [v, v]
            input = Fn.pad(input, pads, mode=self.padding_mode)
            return fn(input, self.weight, self.bias, self.stride, 0, self.dilation, self.groups)
        return fn(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                  self.groups)

    def extra_repr(self):
        return (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}")


class Conv1d(_ConvNd):
    _n = 1


class Conv2d(_ConvNd):
    _n = 2


class Conv3d(_ConvNd):
    _n = 3


class _ConvTransposeNd(_ConvNd):
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 device=None, dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f"Only \"zeros\" padding mode is supported for "
                             f"{type(self).__name__}")
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias, padding_mode, device, dtype, output_padding)

    def forward(self, input, output_size=None):
        if output_size is not None:
            not_implemented(f"{type(self).__name__}.forward(output_size=...)")
        return super().forward(input)


class ConvTranspose1d(_ConvTransposeNd):
    _n = 1


class ConvTranspose2d(_ConvTransposeNd):
    _n = 2


class ConvTranspose3d(_ConvTransposeNd):
    _n = 3


class _NormBase(Module):
    _ndim = (2, 3)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True,
                 track_running_stats=True, device=None, dtype=None):
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        dt = _dtype(dtype)
        if affine:
            self.weight = Parameter(F.ones(num_features, dtype=dt))
            self.bias = Parameter(F.zeros(num_features, dtype=dt))
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", F.zeros(num_features, dtype=dt))
            self.register_buffer("running_var", F.ones(num_features, dtype=dt))
            self.register_buffer("num_batches_tracked", F.tensor(0, dtype=_core.int64))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def forward(self, input):
        if input.ndim not in self._ndim:
            raise ValueError(f"expected {' or '.join(f'{d}D' for d in self._ndim)} input (got "
                             f"{input.ndim}D input)")
        eaf = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                eaf = 1.0 / float(self.num_batches_tracked.item())
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        rm = self.running_mean if not self.training or self.track_running_stats else None
        rv = self.running_var if not self.training or self.track_running_stats else None
        return Fn.batch_norm(input, rm, rv, self.weight, self.bias, bn_training, eaf, self.eps)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_NormBase):
    _ndim = (2, 3)


class BatchNorm2d(_NormBase):
    _ndim = (4,)


class BatchNorm3d(_NormBase):
    _ndim = (5,)


class _InstanceNorm(_NormBase):
    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=False,
                 track_running_stats=False, device=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def forward(self, input):
        if self.track_running_stats:
            not_implemented(f"{type(self).__name__}(track_running_stats=True)")
        unb = input.ndim == self._ndim[0] - 1
        x = input.unsqueeze(0) if unb else input
        r = Fn.instance_norm(x, weight=self.weight, bias=self.bias, eps=self.eps)
        return r.squeeze(0) if unb else r


class InstanceNorm1d(_InstanceNorm):
    _ndim = (3,)


class InstanceNorm2d(_InstanceNorm):
    _ndim = (4,)


class InstanceNorm3d(_InstanceNorm):
    _ndim = (5,)


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
                 device=None, dtype=None):
        super().__init__()
        self.normalized_shape = _core.as_tuple(normalized_shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        dt = _dtype(dtype)
        if elementwise_affine:
            self.weight = Parameter(F.ones(*self.normalized_shape, dtype=dt))
            if bias:
                self.bias = Parameter(F.zeros(*self.normalized_shape, dtype=dt))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input):
        return Fn.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")


class RMSNorm(Module):
    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None,
                 dtype=None):
        super().__init__()
        self.normalized_shape = _core.as_tuple(normalized_shape)
        self.eps = eps
        if elementwise_affine:
            self.weight = Parameter(F.ones(*self.normalized_shape, dtype=_dtype(dtype)))
        else:
            self.register_parameter("weight", None)

    def forward(self, x):
        return Fn.rms_norm(x, self.normalized_shape, self.weight, self.eps)


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None,
                 dtype=None):
        super().__init__()
        if num_channels % num_groups:
            raise ValueError("num_channels must be divisible by num_groups")
        self.num_groups, self.num_channels, self.eps, self.affine = (num_groups, num_channels,
                                                                      eps, affine)
        dt = _dtype(dtype)
        if affine:
            self.weight = Parameter(F.ones(num_channels, dtype=dt))
            self.bias = Parameter(F.zeros(num_channels, dtype=dt))
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input):
        return Fn.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 _freeze=False, device=None, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None:
            if padding_idx < 0:
                padding_idx += num_embeddings
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            self.weight = Parameter(init.normal_(F.empty(num_embeddings, embedding_dim,
                                                         dtype=_dtype(dtype))))
            if padding_idx is not None:
                self.weight[padding_idx] = 0.0
        else:
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None,
                        norm_type=2.0, scale_grad_by_freq=False, sparse=False):
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse,
                   _weight=embeddings, _freeze=freeze)

    def forward(self, input):
        return Fn.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                            self.scale_grad_by_freq, self.sparse)


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout(_DropoutNd):
    def forward(self, input):
        return Fn.dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return Fn.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return Fn.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return Fn.dropout3d(input, self.p, self.training, self.inplace)


class MultiheadAttention(Module):
    """torch.nn.MultiheadAttention: parameters as torch names them (packed ``in_proj_weight``
    when kdim == vdim == embed_dim), forward through ``F.multi_head_attention_forward``."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
                 dtype=None):
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        dt = _dtype(dtype)
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(F.empty(3 * embed_dim, embed_dim, dtype=dt))
            self.register_parameter("q_proj_weight", None)
            self.register_parameter("k_proj_weight", None)
            self.register_parameter("v_proj_weight", None)
        else:
            self.q_proj_weight = Parameter(F.empty(embed_dim, embed_dim, dtype=dt))
            self.k_proj_weight = Parameter(F.empty(embed_dim, self.kdim, dtype=dt))
            self.v_proj_weight = Parameter(F.empty(embed_dim, self.vdim, dtype=dt))
            self.register_parameter("in_proj_weight", None)
        if bias:
            self.in_proj_bias = Parameter(F.empty(3 * embed_dim, dtype=dt))
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias,
                                                        dtype=dt)
        if add_bias_kv:
            self.bias_k = Parameter(F.empty(1, 1, embed_dim, dtype=dt))
            self.bias_v = Parameter(F.empty(1, 1, embed_dim, dtype=dt))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            init.xavier_uniform_(self.q_proj_weight)
            init.xavier_uniform_(self.k_proj_weight)
            init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
            init.xavier_normal_(self.bias_v)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True,
                attn_mask=None, average_attn_weights=True, is_causal=False):
        if self.batch_first and query.ndim == 3:
            query, key, value = (t.transpose(0, 1) for t in (query, key, value))
        sep = not self._qkv_same_embed_dim
        out, weights = Fn.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight,
            self.in_proj_bias, self.bias_k, self.bias_v, self.add_zero_attn, self.dropout,
            self.out_proj.weight, self.out_proj.bias, training=self.training,
            key_padding_mask=key_padding_mask, need_weights=need_weights, attn_mask=attn_mask,
            use_separate_proj_weight=sep, q_proj_weight=self.q_proj_weight,
            k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight,
            average_attn_weights=average_attn_weights, is_causal=is_causal)
        if self.batch_first and query.ndim == 3:
            out = out.transpose(0, 1)
        return out, weights


# ------------------------------------------------------------------------ simple modules

def _simple(name, fn, params=(), defaults=()):
    def __init__(self, *args, **kwargs):
        Module.__init__(self)
        vals = dict(zip(params, defaults))
        vals.update(zip(params, args))
        vals.update(kwargs)
        for k, v in vals.items():
            object.__setattr__(self, k, v)

    def forward(self, input):
        return fn(input, *[getattr(self, p) for p in params])

    def extra_repr(self):
        return ", ".join(f"{p}={getattr(self, p)}" for p in params)

    return type(name, (Module,), {"__init__": __init__, "forward": forward,
                                  "extra_repr": extra_repr})


ReLU = _simple("ReLU", Fn.relu, ("inplace",), (False,))
ReLU6 = _simple("ReLU6", Fn.relu6, ("inplace",), (False,))
GELU = _simple("GELU", Fn.gelu, ("approximate",), ("none",))
SiLU = _simple("SiLU", Fn.silu, ("inplace",), (False,))
Mish = _simple("Mish", Fn.mish, ("inplace",), (False,))
Tanh = _simple("Tanh", lambda x: F.tanh(x))
Sigmoid = _simple("Sigmoid", lambda x: F.sigmoid(x))
Softmax = _simple("Softmax", Fn.softmax, ("dim",), (None,))
LogSoftmax = _simple("LogSoftmax", Fn.log_softmax, ("dim",), (None,))
Softmin = _simple("Softmin", Fn.softmin, ("dim",), (None,))
LeakyReLU = _simple("LeakyReLU", Fn.leaky_relu, ("negative_slope", "inplace"), (0.01, False))
ELU = _simple("ELU", Fn.elu, ("alpha", "inplace"), (1.0, False))
CELU = _simple("CELU", Fn.celu, ("alpha", "inplace"), (1.0, False))
SELU = _simple("SELU", Fn.selu, ("inplace",), (False,))
Hardtanh = _simple("Hardtanh", Fn.hardtanh, ("min_val", "max_val", "inplace"), (-1.0, 1.0, False))
Hardswish = _simple("Hardswish", Fn.hardswish, ("inplace",), (False,))
Hardsigmoid = _simple("Hardsigmoid", Fn.hardsigmoid, ("inplace",), (False,))
Softplus = _simple("Softplus", Fn.softplus, ("beta", "threshold"), (1.0, 20.0))
Softsign = _simple("Softsign", Fn.softsign)
LogSigmoid = _simple("LogSigmoid", Fn.logsigmoid)
Tanhshrink = _simple("Tanhshrink", Fn.tanhshrink)
Softshrink = _simple("Softshrink", Fn.softshrink, ("lambd",), (0.5,))
Hardshrink = _simple("Hardshrink", Fn.hardshrink, ("lambd",), (0.5,))
GLU = _simple("GLU", Fn.glu, ("dim",), (-1,))
Threshold = _simple("Threshold", Fn.threshold, ("threshold", "value", "inplace"),
                    (None, None, False))
Flatten = _simple("Flatten", lambda x, s, e: x.flatten(s, e), ("start_dim", "end_dim"), (1, -1))
Unflatten = _simple("Unflatten", lambda x, d, s: x.unflatten(d, s), ("dim", "unflattened_size"))
MaxPool1d = _simple("MaxPool1d", Fn.max_pool1d, ("kernel_size", "stride", "padding", "dilation",
                                                "ceil_mode", "return_indices"),
                    (None, None, 0, 1, False, False))
MaxPool2d = _simple("MaxPool2d", Fn.max_pool2d, ("kernel_size", "stride", "padding", "dilation",
                                                "ceil_mode", "return_indices"),
                    (None, None, 0, 1, False, False))
MaxPool3d = _simple("MaxPool3d", Fn.max_pool3d, ("kernel_size", "stride", "padding", "dilation",
                                                "ceil_mode", "return_indices"),
                    (None, None, 0, 1, False, False))
AvgPool1d = _simple("AvgPool1d", Fn.avg_pool1d, ("kernel_size", "stride", "padding", "ceil_mode",
                                                "count_include_pad"),
                    (None, None, 0, False, True))
AvgPool2d = _simple("AvgPool2d", Fn.avg_pool2d, ("kernel_size", "stride", "padding", "ceil_mode",
                                                "count_include_pad", "divisor_override"),
                    (None, None, 0, False, True, None))
AvgPool3d = _simple("AvgPool3d", Fn.avg_pool3d, ("kernel_size", "stride", "padding", "ceil_mode",
                                                "count_include_pad", "divisor_override"),
                    (None, None, 0, False, True, None))
AdaptiveAvgPool1d = _simple("AdaptiveAvgPool1d", Fn.adaptive_avg_pool1d, ("output_size",))
AdaptiveAvgPool2d = _simple("AdaptiveAvgPool2d", Fn.adaptive_avg_pool2d, ("output_size",))
AdaptiveMaxPool2d = _simple("AdaptiveMaxPool2d", Fn.adaptive_max_pool2d, ("output_size",
                                                                          "return_indices"),
                            (None, False))
Upsample = _simple("Upsample", Fn.interpolate, ("size", "scale_factor", "mode", "align_corners"),
                   (None, None, "nearest", None))
PixelShuffle = _simple("PixelShuffle", Fn.pixel_shuffle, ("upscale_factor",))
PixelUnshuffle = _simple("PixelUnshuffle", Fn.pixel_unshuffle, ("downscale_factor",))
Unfold = _simple("Unfold", Fn.unfold, ("kernel_size", "dilation", "padding", "stride"),
                 (None, 1, 0, 1))
ZeroPad2d = _simple("ZeroPad2d", lambda x, p: Fn.pad(x, _tuple(p, 4)), ("padding",))
ConstantPad2d = _simple("ConstantPad2d", lambda x, p, v: Fn.pad(x, _tuple(p, 4), value=v),
                        ("padding", "value"))
ReflectionPad2d = _simple("ReflectionPad2d", lambda x, p: Fn.pad(x, _tuple(p, 4), "reflect"),
                          ("padding",))
ReplicationPad2d = _simple("ReplicationPad2d", lambda x, p: Fn.pad(x, _tuple(p, 4), "replicate"),
                           ("padding",))


class CosineSimilarity(Module):
    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1, x2):
        return Fn.cosine_similarity(x1, x2, self.dim, self.eps)


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        if size_average is not None or reduce is not None:
            sa = True if size_average is None else size_average
            rd = True if reduce is None else reduce
            reduction = "none" if not rd else ("mean" if sa else "sum")
        self.reduction = reduction


class MSELoss(_Loss):
    def forward(self, input, target):
        return Fn.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    def forward(self, input, target):
        return Fn.l1_loss(input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction="mean", beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return Fn.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return Fn.huber_loss(input, target, self.reduction, self.delta)


class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction="mean", label_smoothing=0.0):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.ignore_index, self.label_smoothing = ignore_index, label_smoothing

    def forward(self, input, target):
        return Fn.cross_entropy(input, target, self.weight, ignore_index=self.ignore_index,
                                reduction=self.reduction, label_smoothing=self.label_smoothing)


class NLLLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return Fn.nll_loss(input, target, self.weight, ignore_index=self.ignore_index,
                           reduction=self.reduction)


class BCELoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)

    def forward(self, input, target):
        return Fn.binary_cross_entropy(input, target, self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean",
                 pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return Fn.binary_cross_entropy_with_logits(input, target, self.weight,
                                                   reduction=self.reduction,
                                                   pos_weight=self.pos_weight)


class KLDivLoss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return Fn.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


def _unsupported(name, why=""):
    class _U(Module):
        def __init__(self, *args, **kwargs):
            not_implemented(f"torch.nn.{name}", why)

    _U.__name__ = _U.__qualname__ = name
    return _U


LSTM = _unsupported("LSTM", "recurrent layers are not in the PyTorch frontend yet")
GRU = _unsupported("GRU", "recurrent layers are not in the PyTorch frontend yet")
RNN = _unsupported("RNN", "recurrent layers are not in the PyTorch frontend yet")
Transformer = _unsupported("Transformer")
TransformerEncoderLayer = _unsupported("TransformerEncoderLayer")
TransformerDecoderLayer = _unsupported("TransformerDecoderLayer")
