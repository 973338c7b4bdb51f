module watchcachelab/oracle/shared

go 1.26.0
