"""The NumPy backend: element-wise functions (see ivy/functional/ivy/elementwise.py for the API).

NumPy 2's ufuncs follow the standard's promotion (NEP 50) and special cases, so most functions
are the ufunc itself: no extra Python frame.
"""

import numpy as np

add = np.add
subtract = np.subtract
multiply = np.multiply
divide = np.divide
