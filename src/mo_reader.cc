// MO reader: lands with the MO issue.
