print("searchshell")
