// MO writer: lands with the MO issue.
